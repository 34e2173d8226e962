import {
  categoryTreeSchema,
  type ProductList,
  type ProductListParams,
  productListQuerySchema,
  productListSchema,
} from '@bazaar/shared/schemas/catalogue';
import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, reply } from '@/testing/api-server';
import { categories, product, shopSettings } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { type ProductShopping, ProductShoppingContext } from '../lib/product-shopping';
import { ListingPage } from './listing-page';

// The cards' cart and wishlist buttons are the app's to bind (app/providers.tsx); the filters do not use them.
const shopping: ProductShopping = {
  useCart: () => ({ inCart: false, add() {}, remove() {}, toggle() {} }),
  useWishlist: () => ({ liked: false, toggle() {} }),
};

const routes = [
  { path: '/products', Component: ListingPage },
  { path: '/categories/:category/:subCategory?/:option?/:subOption?', Component: ListingPage },
];

/** What the listing asked the API, parsed as the server parses it. */
let asked: ProductListParams[];
let answer: (params: ProductListParams) => Partial<ProductList>;

const facets = {
  brand: [
    { value: 'Loom', count: 3 },
    { value: 'Weave', count: 2 },
  ],
  material: [{ value: 'cotton', count: 5 }],
  colour: [
    { value: 'red', count: 2 },
    { value: 'blue', count: 3 },
  ],
  size: [
    { value: 'M', count: 4 },
    { value: 'L', count: 1 },
  ],
  rating: [4, 3, 2, 1].map((value) => ({ value, count: 5 - value })),
  price: { min: 100, max: 900 },
};

beforeEach(() => {
  asked = [];
  answer = () => ({});
  api.use(
    http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings())),
    http.get('/api/categories', () => reply(categoryTreeSchema, categories)),
    http.get('/api/products', ({ request }) => {
      const url = new URL(request.url);
      const raw: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        raw[key] = all.length > 1 ? all : all[0]!;
      }
      const query = productListQuerySchema.safeParse(raw);
      if (!query.success) return invalid(query.error);
      asked.push(query.data);
      const products = [product({ name: 'Cotton Shirt' }), product({ name: 'Linen Shirt', brand: 'Weave' })];
      return reply(productListSchema, {
        products,
        total: products.length,
        page: 1,
        pages: 1,
        facets,
        nextCursor: null,
        ...answer(query.data),
      });
    }),
  );
});

function openListing(path: string) {
  const wrap = (router: ReactNode) => (
    <ProductShoppingContext value={shopping}>{router}</ProductShoppingContext>
  );
  return renderRoutes(routes, { path, wrap });
}

/** The listing's query string as a sorted list of pairs, page and all. */
const queryOf = (search: string) => [...new URLSearchParams(search)].sort();
const lastAsked = () => asked.at(-1)!;
const filters = () => screen.getByRole('complementary', { name: 'Filters' });
const box = (group: string, name: string) =>
  within(within(filters()).getByRole('group', { name: group })).getByRole('checkbox', {
    name: new RegExp(`^${name}`),
  });

describe('the listing’s filters', () => {
  it('lists the category the address names, and asks only for it', async () => {
    openListing('/categories/men/Shirts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shirts' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Linen Shirt' });
    expect(lastAsked()).toMatchObject({ category: 'men', subCategory: 'Shirts' });
    expect(screen.getByText('2 products found')).toBeTruthy();
  });

  it('shows the not-found page for a category the tree does not hold', async () => {
    openListing('/categories/Garden');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy();
  });

  it('ticks brands into the address and the query, one after the other, and unticks them', async () => {
    const { user, location } = openListing('/categories/Men?page=2');
    await user.click(await waitFor(() => box('Brand', 'Loom')));
    await waitFor(() => expect(queryOf(location().search)).toEqual([['brand', 'Loom']]));
    await waitFor(() => expect(lastAsked().brand).toEqual(['Loom']));
    expect(lastAsked().page).toBe(1);

    await user.click(box('Brand', 'Weave'));
    await waitFor(() =>
      expect(queryOf(location().search)).toEqual([
        ['brand', 'Loom'],
        ['brand', 'Weave'],
      ]),
    );
    await waitFor(() => expect(lastAsked().brand).toEqual(['Loom', 'Weave']));
    expect((box('Brand', 'Loom') as HTMLInputElement).checked).toBe(true);

    await user.click(box('Brand', 'Loom'));
    await waitFor(() => expect(queryOf(location().search)).toEqual([['brand', 'Weave']]));
  });

  it('filters by colour, size and stock, each in the address and the query', async () => {
    const { user, location } = openListing('/products');
    await user.click(await waitFor(() => box('Colour', 'blue')));
    await user.click(box('Size', 'M'));
    await user.click(within(filters()).getByRole('checkbox', { name: 'In Stock Only' }));
    await waitFor(() =>
      expect(queryOf(location().search)).toEqual([
        ['colour', 'blue'],
        ['inStock', 'true'],
        ['size', 'M'],
      ]),
    );
    await waitFor(() => expect(lastAsked()).toMatchObject({ colour: ['blue'], size: ['M'], inStock: true }));
  });

  it('moves the price thumbs into minPrice and maxPrice once they rest', async () => {
    const { user, location } = openListing('/products');
    const low = await screen.findByRole('slider', { name: 'Minimum price' });
    await user.click(low);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(queryOf(location().search)).toEqual([['minPrice', '30']]));
    await waitFor(() => expect(lastAsked().minPrice).toBe(30));
    // Three key presses, one request for the range they came to.
    expect(asked.filter((a) => a.minPrice !== undefined)).toHaveLength(1);

    const high = screen.getByRole('slider', { name: 'Maximum price' });
    await user.click(high);
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(queryOf(location().search)).toEqual([
        ['maxPrice', '990'],
        ['minPrice', '30'],
      ]),
    );
  });

  it('clears every filter but keeps the sort', async () => {
    const { user, location } = openListing(
      '/products?brand=Loom&colour=red&size=L&inStock=true&minPrice=200&rating=4&sort=price-low&page=3',
    );
    const clear = await screen.findByRole('button', { name: 'Clear All Filters' });
    expect((box('Brand', 'Loom') as HTMLInputElement).checked).toBe(true);
    await user.click(clear);
    await waitFor(() => expect(queryOf(location().search)).toEqual([['sort', 'price-low']]));
    // Nothing but the sort and the paging left in the request.
    await waitFor(() => expect(lastAsked()).toEqual({ sort: 'price-low', page: 1, limit: 24 }));
    expect((box('Brand', 'Loom') as HTMLInputElement).checked).toBe(false);
    expect((clear as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers to clear the filters when nothing matches them', async () => {
    answer = (params) => (params.brand?.length ? { products: [], total: 0, pages: 0 } : {});
    const { user, location } = openListing('/products?brand=Weave');
    expect(await screen.findByText('No products match your filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByRole('article', { name: 'Cotton Shirt' })).toBeTruthy();
  });
});
