import {
  adminProductSchema,
  productUpdateFieldsSchema,
  productWriteReplySchema,
} from '@bazaar/shared/schemas/admin';
import { categoryTreeSchema } from '@bazaar/shared/schemas/catalogue';
import { type AdminVariant, adminVariantListSchema } from '@bazaar/shared/schemas/variant-admin';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, readForm, reply } from '@/testing/api-server';
import { user as aUser, categories, product } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { EditProductPage } from './edit-product-page';

// The edit form's stock figure: the product's to set while it has one variant, the sum of its
// variants (read-only, not sent) once it has several.

const PRODUCT = '22222222-2222-4222-8222-222222222222';
let sent: Record<string, unknown> | null;

const variant = (size: string | null, stock: number): AdminVariant => ({
  id: crypto.randomUUID(),
  productId: PRODUCT,
  sku: `SHIRT${size ? `-${size}` : ''}`,
  colour: null,
  size,
  stock,
  pricePaise: null,
  salePricePaise: 50_000,
  image: null,
  active: true,
  position: 0,
  lowStockThreshold: null,
  lowStock: false,
});

function serve(variants: AdminVariant[]) {
  const stock = variants.reduce((n, v) => n + v.stock, 0);
  const stored = {
    ...product({
      _id: PRODUCT,
      countInStock: stock,
      sizes: variants.flatMap((v) => (v.size ? [v.size] : [])),
    }),
    hsn: null,
    gstRate: 18,
  };
  api.use(
    http.get('/api/categories', () => reply(categoryTreeSchema, categories)),
    http.get(`/api/admin/products/${PRODUCT}`, () =>
      reply(
        adminProductSchema.transform((p) => ({ product: p })),
        stored,
      ),
    ),
    http.get(`/api/admin/products/${PRODUCT}/variants`, () =>
      reply(adminVariantListSchema, {
        product: { id: PRODUCT, name: stored.name, pricePaise: 50_000, discount: 0, images: [] },
        variants,
        shopLowStockThreshold: 5,
      }),
    ),
    http.put(`/api/products/${PRODUCT}`, async ({ request }) => {
      const { fields } = await readForm(request, ['tags', 'colours', 'sizes']);
      const checked = productUpdateFieldsSchema.safeParse(fields);
      if (!checked.success) return invalid(checked.error);
      sent = fields;
      return reply(productWriteReplySchema, { message: 'Product updated successfully!', product: stored });
    }),
  );
}

beforeEach(() => {
  sent = null;
  signIn(aUser({ isAdmin: true }));
});

async function openForm() {
  const view = renderRoutes([{ path: '/admin/products/manage/:productId', Component: EditProductPage }], {
    path: `/admin/products/manage/${PRODUCT}`,
  });
  await screen.findByRole('button', { name: 'Update Product' });
  await screen.findByRole('table', { name: /Variants of/ });
  return view;
}

const stockField = () => screen.getByLabelText('Count In Stock') as HTMLInputElement;

describe('the Edit Product form’s stock figure', () => {
  it('is the read-only sum of several variants, and is not sent', async () => {
    serve([variant('S', 3), variant('M', 4), variant('L', 0)]);
    const { user } = await openForm();
    await waitFor(() => expect(stockField().readOnly).toBe(true));
    expect(stockField().value).toBe('7');
    expect(screen.getByText(/The sum of its 3 variants/)).toBeTruthy();
    await user.type(stockField(), '9');
    expect(stockField().value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await findToast('Product updated successfully!');
    expect(sent).not.toBeNull();
    expect(sent).not.toHaveProperty('countInStock');
  });

  it('is the product’s to set while it has one variant', async () => {
    serve([variant(null, 3)]);
    const { user } = await openForm();
    expect(stockField().readOnly).toBe(false);
    await user.clear(stockField());
    await user.type(stockField(), '12');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await findToast('Product updated successfully!');
    expect(sent).toMatchObject({ countInStock: '12' });
  });
});
