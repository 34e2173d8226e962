import {
  PRODUCT_FORM_LIMITS,
  productCreateFieldsSchema,
  productWriteReplySchema,
} from '@bazaar/shared/schemas/admin';
import { categoryTreeSchema } from '@bazaar/shared/schemas/catalogue';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, readForm, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser, categories, product } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { CreateProductPage } from './create-product-page';

/** What the server stored from the last accepted form: its fields and the pictures' names. */
let created: { fields: Record<string, unknown>; images: string[] } | null;

beforeEach(() => {
  created = null;
  api.use(
    http.get('/api/categories', () => reply(categoryTreeSchema, categories)),
    // As the server reads the form (product-form.ts) and checks it (the shared schema, the image limits).
    http.post('/api/products', async ({ request }) => {
      const { fields, files } = await readForm(request, ['tags', 'colours', 'sizes']);
      if (files.length > PRODUCT_FORM_LIMITS.images) {
        return refuse('PAYLOAD_TOO_LARGE', `Send at most ${PRODUCT_FORM_LIMITS.images} files at once.`);
      }
      const checked = productCreateFieldsSchema.safeParse(fields);
      if (!checked.success) return invalid(checked.error);
      created = { fields: checked.data, images: files.map((f) => f.name) };
      return reply(
        productWriteReplySchema,
        { message: 'Product created', product: product({ name: checked.data.name }) },
        { status: 201 },
      );
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

const routes = [
  { path: '/admin/products/new', Component: CreateProductPage },
  { path: '/admin/products', element: <h1>Products</h1> },
];

async function openForm() {
  const view = renderRoutes(routes, { path: '/admin/products/new' });
  await screen.findByRole('button', { name: 'Create Product' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create Product' }));
  return { ...view, submit };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((i) => document.getElementById(i)?.textContent).find(Boolean) ?? null;
};

async function fillRequired(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(field('Product Name *'), 'Linen Shirt');
  await user.selectOptions(field('Category *'), 'Men');
  await user.clear(field('Price (₹) *'));
  await user.type(field('Price (₹) *'), '799');
  await user.type(field('Description *'), 'A light shirt of linen.');
}

const picture = (name: string, bytes = 1024, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('the Create Product form', () => {
  it('names the required fields it is missing and sends nothing', async () => {
    const { submit } = await openForm();
    await submit();
    await waitFor(() => expect(errorOf('Product Name *')).toBe('Product Name is required'));
    expect(errorOf('Category *')).toBe('Category is required');
    expect(errorOf('Price (₹) *')).toBe('Price (₹) is required');
    expect(errorOf('Description *')).toBe('Description is required');
    expect(errorOf('Brand')).toBeNull();
    expect(requestsTo('POST', '/api/products')).toEqual([]);
  });

  it('shows the server’s refusals of price, discount and stock under their fields', async () => {
    const { user, submit } = await openForm();
    await fillRequired(user);
    await user.clear(field('Price (₹) *'));
    await user.type(field('Price (₹) *'), '-5');
    await user.clear(field('Discount (%)'));
    await user.type(field('Discount (%)'), '150');
    await user.clear(field('Count In Stock'));
    await user.type(field('Count In Stock'), '2.5');
    await submit();
    await findToast('Invalid request: check');
    await waitFor(() => expect(errorOf('Price (₹) *')).toBe('Price must be more than 0'));
    expect(errorOf('Discount (%)')).toBe('Discount must be 0 to 100');
    expect(errorOf('Count In Stock')).toBe('Count In Stock must be a whole number');
    expect(created).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeTruthy();
  });

  it('sends a valid product with its lists and pictures, main first, and goes back to the products', async () => {
    const { user, submit, location } = await openForm();
    await fillRequired(user);
    await user.selectOptions(field('Subcategory'), 'Shirts');
    await user.clear(field('Discount (%)'));
    await user.type(field('Discount (%)'), '15');
    await user.clear(field('Count In Stock'));
    await user.type(field('Count In Stock'), '40');
    await user.type(field('Sizes (comma-separated)'), 'M, L ,XL');
    await user.type(field('Colours (comma-separated)'), 'White, Sky Blue');
    await user.type(field('HSN code'), '6205');
    await user.clear(field('GST rate (%)'));
    await user.type(field('GST rate (%)'), '5');
    await user.upload(field('Additional Images'), [
      picture('back.png'),
      picture('side.webp', 2048, 'image/webp'),
    ]);
    await user.upload(field('Main Image'), picture('front.jpg', 4096, 'image/jpeg'));
    await submit();
    await findToast('Product created successfully!');
    await waitFor(() => expect(location().pathname).toBe('/admin/products'));
    expect(created?.fields).toMatchObject({
      name: 'Linen Shirt',
      category: 'Men',
      subCategory: 'Shirts',
      price: 799,
      discount: 15,
      countInStock: 40,
      sizes: ['M', 'L', 'XL'],
      colours: ['white', 'sky blue'],
      hsn: '6205',
      gstRate: 500,
      isFeatured: false,
    });
    expect(created?.images).toEqual(['front.jpg', 'back.png', 'side.webp']);
  });

  it('takes only pictures of at most 5 MB, and shows the ones taken', async () => {
    const { user } = await openForm();
    await user.upload(field('Main Image'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await findToast('notes.txt is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF file.');
    await user.upload(field('Main Image'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await findToast('logo.svg is not a picture');
    await user.upload(field('Main Image'), picture('huge.png', PRODUCT_FORM_LIMITS.imageBytes + 1));
    await findToast('huge.png is larger than 5 MB.');
    expect(screen.queryByRole('img', { name: 'new main image' })).toBeNull();

    await user.upload(field('Main Image'), picture('front.png', PRODUCT_FORM_LIMITS.imageBytes));
    expect(await screen.findByRole('img', { name: 'new main image' })).toBeTruthy();
    await user.upload(field('Additional Images'), [picture('a.png'), picture('b.txt', 10, 'text/plain')]);
    await findToast('b.txt is not a picture');
    expect(await screen.findByRole('img', { name: 'new image 1 (a.png)' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /b\.txt/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove new main image' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'new main image' })).toBeNull());
  });

  it('shows the server’s refusal of more than 10 pictures and stays on the form', async () => {
    const { user, submit } = await openForm();
    await fillRequired(user);
    await user.upload(field('Main Image'), picture('main.png'));
    await user.upload(
      field('Additional Images'),
      Array.from({ length: PRODUCT_FORM_LIMITS.images }, (_, i) => picture(`extra-${i}.png`)),
    );
    await submit();
    await findToast('Send at most 10 files at once.');
    expect(created).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeTruthy();
  });
});
