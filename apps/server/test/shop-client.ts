import type { Product, ProductList } from '@bazaar/shared';
import { pngPicture } from './images';

/** A shop reached over HTTP (a server process, or the proxy in front of several), as a browser would. */
export class ShopClient {
  constructor(readonly baseUrl: string) {}

  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, init);
  }

  /** Registers an account and returns its session token. */
  async register(email: string): Promise<{ id: string; token: string }> {
    const res = await this.fetch('/api/users/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Asha Rao', email, password: 'sunrise42', phoneNumber: '9876543210' }),
    });
    const body = (await res.json()) as { user: { _id: string }; token: string };
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
    return { id: body.user._id, token: body.token };
  }

  /** The signed-in account's own profile: its status says whether the token was accepted. */
  me(token: string): Promise<Response> {
    return this.fetch('/api/users/user', { headers: { authorization: `Bearer ${token}` } });
  }

  /**
   * Creates a product through the admin form with one picture, in a category the demo catalogue
   * has; returns it as the reply has it.
   */
  async createProduct(token: string, name: string, category = 'Electronics'): Promise<Product> {
    const form = new FormData();
    const fields = {
      name,
      category,
      price: '1299',
      countInStock: '5',
      description: `${name}, made for the test.`,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const picture = await pngPicture(640, 480, '#2563eb');
    form.append('productImages', new Blob([picture.data], { type: picture.type }), picture.filename);
    const res = await this.fetch('/api/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { product: Product };
    if (res.status !== 201) throw new Error(`create product: ${res.status} ${JSON.stringify(body)}`);
    return body.product;
  }

  /** Changes a product's price through the admin's edit form (everything left out stays). */
  async changePrice(token: string, product: Product, rupees: number): Promise<Product> {
    const form = new FormData();
    form.append('name', product.name);
    form.append('category', product.category);
    form.append('price', String(rupees));
    const res = await this.fetch(`/api/products/${product._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { product: Product };
    if (res.status !== 200) throw new Error(`change price: ${res.status} ${JSON.stringify(body)}`);
    return body.product;
  }

  /** Saves a profile picture for the account; returns its URL. */
  async saveProfilePicture(userId: string, token: string): Promise<string> {
    const form = new FormData();
    const picture = await pngPicture(300, 300, '#dc2626');
    form.append('profileImage', new Blob([picture.data], { type: picture.type }), picture.filename);
    const res = await this.fetch(`/api/users/user/${userId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { updatedUser: { profileImage: string } };
    if (res.status !== 200) throw new Error(`profile picture: ${res.status} ${JSON.stringify(body)}`);
    return body.updatedUser.profileImage;
  }

  async products(query = ''): Promise<ProductList> {
    const res = await this.fetch(`/api/products${query ? `?${query}` : ''}`);
    if (res.status !== 200) throw new Error(`products: ${res.status} ${await res.text()}`);
    return (await res.json()) as ProductList;
  }

  async product(id: string): Promise<Product> {
    const res = await this.fetch(`/api/products/${id}`);
    if (res.status !== 200) throw new Error(`product ${id}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { product: Product }).product;
  }

  /** The status and media type an image URL is answered with. */
  async image(url: string): Promise<{ status: number; type: string | null; bytes: number }> {
    const res = await this.fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), bytes: body.length };
  }
}
