import type { Browser } from 'playwright-core';
import { storefrontPages } from './pages';

/** Who a page is audited as: a fresh visitor, a guest with a cart, the demo customer, or the admin. */
export type AuditAs = 'visitor' | 'guest-cart' | 'customer' | 'admin';

export interface AuditPage {
  name: string;
  path: string;
  as: AuditAs;
}

const DEMO = {
  customer: { email: 'customer@bazaar.local', password: 'Customer@12345' },
  admin: { email: 'admin@bazaar.local', password: 'Admin@12345' },
};

interface ListedProduct {
  _id: string;
  name: string;
  price: number;
  discount: number;
  productImage?: string | null;
  images?: string[];
  sizes?: string[];
  colours?: string[];
  countInStock: number;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(baseUrl: string, who: keyof typeof DEMO): Promise<string> {
  const reply = await json<{ token: string }>(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO[who]),
  });
  return reply.token;
}

/**
 * Every page of the goal: the storefront's (signed-in ones as the demo customer, the cart with
 * three items) and the admin's four. Found on the demo catalogue.
 */
export async function auditPages(baseUrl: string): Promise<AuditPage[]> {
  const [home, products, , product, search, login] = await storefrontPages(baseUrl);
  const { orders } = await json<{ orders?: { _id: string }[] }>(`${baseUrl}/api/orders/myorders`, {
    headers: { authorization: `Bearer ${await signIn(baseUrl, 'customer')}` },
  }).catch(() => ({ orders: [] as { _id: string }[] }));
  const order = Array.isArray(orders) ? orders[0] : undefined;
  const levels = ["Woman's Fashion", 'Clothing', 'Dresses', 'Maxi Dresses'].map(encodeURIComponent);
  const pages: AuditPage[] = [
    { ...home!, as: 'visitor' },
    { ...products!, as: 'visitor' },
    ...levels.map((_, i) => ({
      name: `category, level ${i + 1}`,
      path: `/categories/${levels.slice(0, i + 1).join('/')}`,
      as: 'visitor' as const,
    })),
    { ...product!, as: 'visitor' },
    { ...search!, name: 'search, results', as: 'visitor' },
    { name: 'search, none', path: '/search/zzqxv', as: 'visitor' },
    { ...login!, as: 'visitor' },
    { name: 'register', path: '/register', as: 'visitor' },
    { name: 'faq', path: '/faq', as: 'visitor' },
    { name: 'help', path: '/help', as: 'visitor' },
    { name: 'contact', path: '/contact', as: 'visitor' },
    { name: 'policy', path: '/shipping-policy', as: 'visitor' },
    { name: '404', path: '/no-such-page', as: 'visitor' },
    { name: 'cart, 3 items (guest)', path: '/cart', as: 'guest-cart' },
    { name: 'wishlist', path: '/wishlist', as: 'customer' },
    { name: 'checkout', path: '/checkout', as: 'customer' },
    { name: 'my orders', path: '/orders', as: 'customer' },
    ...(order ? [{ name: 'order detail', path: `/orders/${order._id}`, as: 'customer' as const }] : []),
    { name: 'admin dashboard', path: '/admin', as: 'admin' },
    { name: 'admin orders', path: '/admin/orders', as: 'admin' },
    { name: 'admin products', path: '/admin/products', as: 'admin' },
    {
      name: 'admin product form',
      path: `/admin/products/manage/${product!.path.split('/').pop()}`,
      as: 'admin',
    },
  ];
  return pages;
}

/**
 * Leaves the browser's storage for the origin as `as` needs it before an audit that keeps storage:
 * the guest cart holds three products; the customer (with three items in her cart, so checkout has
 * something to show) or the admin is signed in, as the spec keeps the token in localStorage.
 */
export async function prepareStorage(browser: Browser, baseUrl: string, as: AuditAs): Promise<void> {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/favicon.svg`);
    const list = await json<{ products: ListedProduct[] }>(`${baseUrl}/api/products?limit=3&sort=rating`);
    let token: string | null = null;
    if (as === 'customer' || as === 'admin') token = await signIn(baseUrl, as);
    if (as === 'customer' && token) {
      for (const p of list.products) {
        await fetch(`${baseUrl}/api/cart/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            productId: p._id,
            qty: 1,
            ...(p.colours?.[0] ? { colour: p.colours[0] } : {}),
            ...(p.sizes?.[0] ? { size: p.sizes[0] } : {}),
          }),
        });
      }
    }
    const guestCart =
      as === 'guest-cart'
        ? list.products.map((p) => ({
            _id: p._id,
            name: p.name,
            image: p.productImage ?? p.images?.[0] ?? null,
            price: p.price,
            discount: p.discount,
            qty: 1,
            ...(p.colours?.[0] ? { colour: p.colours[0] } : {}),
            ...(p.sizes?.[0] ? { size: p.sizes[0] } : {}),
          }))
        : [];
    await page.evaluate(
      ({ token, guestCart }) => {
        localStorage.clear();
        if (token) localStorage.setItem('token', token);
        if (guestCart.length) localStorage.setItem('guestCart', JSON.stringify(guestCart));
      },
      { token, guestCart },
    );
  } finally {
    await page.close();
  }
}
