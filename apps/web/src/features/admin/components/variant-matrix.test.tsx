import {
  type AdminVariant,
  type AdminVariantList,
  adminVariantListSchema,
  variantBulkSchema,
  variantGenerateSchema,
} from '@bazaar/shared/schemas/variant-admin';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { VariantMatrix } from './variant-matrix';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
let stored: AdminVariantList;

const variant = (
  colour: string | null,
  size: string | null,
  overrides: Partial<AdminVariant> = {},
): AdminVariant => ({
  id: crypto.randomUUID(),
  productId: PRODUCT,
  sku: ['KURTA', colour, size].filter(Boolean).join('-').toUpperCase(),
  colour,
  size,
  stock: 0,
  pricePaise: null,
  salePricePaise: 116_910,
  image: null,
  active: true,
  position: 0,
  lowStockThreshold: null,
  lowStock: true,
  ...overrides,
});

beforeEach(() => {
  stored = {
    product: { id: PRODUCT, name: 'Linen Kurta', pricePaise: 129_900, discount: 10, images: [] },
    variants: [variant(null, null, { stock: 4 })],
    shopLowStockThreshold: 5,
  };
  api.use(
    http.get(`/api/admin/products/${PRODUCT}/variants`, () => reply(adminVariantListSchema, stored)),
    http.post(`/api/admin/products/${PRODUCT}/variants/generate`, async ({ request }) => {
      const parsed = variantGenerateSchema.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      // As the server does: an existing combination is kept as it is, a new one is on sale with no stock,
      // and those no longer named are switched off.
      const same = (v: AdminVariant, c: string, s: string) => v.colour === c && v.size === s;
      const combos = parsed.data.colours.flatMap((c) =>
        parsed.data.sizes.map((s) => stored.variants.find((v) => same(v, c, s)) ?? variant(c, s)),
      );
      const gone = stored.variants.filter((v) => !combos.includes(v)).map((v) => ({ ...v, active: false }));
      stored = { ...stored, variants: [...combos, ...gone] };
      return reply(adminVariantListSchema, stored);
    }),
    http.put(`/api/admin/products/${PRODUCT}/variants`, async ({ request }) => {
      const parsed = variantBulkSchema.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      if (parsed.data.variants.some((v) => v.sku === 'TAKEN'))
        return refuse('CONFLICT', 'SKU TAKEN is already used by another variant', { sku: 'Taken' });
      for (const change of parsed.data.variants) {
        const i = stored.variants.findIndex((v) => v.id === change.id);
        const { id: _, note: __, adjust: ___, ...fields } = change;
        stored.variants[i] = { ...stored.variants[i]!, ...fields } as AdminVariant;
      }
      return reply(adminVariantListSchema, stored);
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

function KurtaMatrix() {
  return <VariantMatrix productId={PRODUCT} />;
}

async function openMatrix() {
  const view = renderRoutes([{ path: '/admin/products/manage/:productId', Component: KurtaMatrix }], {
    path: `/admin/products/manage/${PRODUCT}`,
  });
  await screen.findByRole('table', { name: 'Variants of Linen Kurta' });
  return view;
}

const bodyOf = async (method: string, path: string) => requestsTo(method, path).at(-1)!.clone().json();

describe('the variant matrix', () => {
  it('generates colours × sizes and shows a row per variant, the old default one switched off', async () => {
    const { user } = await openMatrix();
    await user.type(screen.getByLabelText('Colours (comma separated)'), 'Red, Blue');
    await user.type(screen.getByLabelText('Sizes (comma separated)'), 'S, M');
    await user.click(screen.getByRole('button', { name: 'Generate variants' }));
    await findToast('4 variants on sale');
    expect(await bodyOf('POST', `/api/admin/products/${PRODUCT}/variants/generate`)).toEqual({
      colours: ['Red', 'Blue'],
      sizes: ['S', 'M'],
    });
    await screen.findByRole('rowheader', { name: /Red \/ S/ });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect((screen.getByLabelText('Default on sale') as HTMLInputElement).checked).toBe(false);
  });

  it('saves only the rows changed, stock with the reason, price in paise; bulk set fills the selected rows', async () => {
    stored.variants = [variant('red', 'S'), variant('red', 'M'), variant('red', 'L')];
    const { user } = await openMatrix();
    await user.click(screen.getByLabelText('Select red / S'));
    await user.click(screen.getByLabelText('Select red / M'));
    await user.type(screen.getByLabelText('Stock', { selector: 'input[inputmode]' }), '12');
    await user.click(screen.getByRole('button', { name: 'Set stock' }));
    expect((screen.getByLabelText('Stock of red / M') as HTMLInputElement).value).toBe('12');
    await user.type(screen.getByLabelText('Own price of red / L'), '1499.50');
    await user.type(screen.getByLabelText('Reason for stock changes (kept in the ledger)'), 'Count');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await findToast('3 variants saved');
    const [s, m, l] = stored.variants;
    expect(await bodyOf('PUT', `/api/admin/products/${PRODUCT}/variants`)).toEqual({
      variants: [
        { id: s!.id, stock: 12, note: 'Count' },
        { id: m!.id, stock: 12, note: 'Count' },
        { id: l!.id, pricePaise: 149_950 },
      ],
    });
  });

  it('keeps the unsaved switches and stock of existing rows through a Generate; new rows get defaults', async () => {
    stored.variants = [variant('red', 'S', { stock: 2 }), variant('red', 'M', { stock: 1 })];
    const [s, m] = stored.variants;
    const { user } = await openMatrix();
    await user.click(screen.getByLabelText('red / M on sale'));
    const stock = screen.getByLabelText('Stock of red / S');
    await user.clear(stock);
    await user.type(stock, '7');
    const sizes = screen.getByLabelText('Sizes (comma separated)');
    await user.clear(sizes);
    await user.type(sizes, 'S, M, L');
    await user.click(screen.getByRole('button', { name: 'Generate variants' }));
    await screen.findByRole('rowheader', { name: /red \/ L/ });

    expect((screen.getByLabelText('red / M on sale') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Stock of red / S') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('red / L on sale') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Stock of red / L') as HTMLInputElement).value).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await findToast('2 variants saved');
    expect(await bodyOf('PUT', `/api/admin/products/${PRODUCT}/variants`)).toEqual({
      variants: [
        { id: s!.id, stock: 7 },
        { id: m!.id, active: false },
      ],
    });
    expect((screen.getByLabelText('red / M on sale') as HTMLInputElement).checked).toBe(false);
  });

  it('shows a bad row before sending, and the server’s refusal', async () => {
    stored.variants = [variant('red', 'S')];
    const { user } = await openMatrix();
    const stock = screen.getByLabelText('Stock of red / S');
    await user.clear(stock);
    await user.type(stock, '-3');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(await screen.findByText('Whole units, 0 or more')).toBeTruthy();
    expect(requestsTo('PUT', `/api/admin/products/${PRODUCT}/variants`)).toHaveLength(0);

    await user.clear(stock);
    await user.type(stock, '3');
    const sku = screen.getByLabelText('SKU of red / S');
    await user.clear(sku);
    await user.type(sku, 'TAKEN');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await findToast('SKU TAKEN is already used by another variant');
  });
});
