import type { Product } from '@bazaar/shared/schemas/catalogue';
import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, reply } from '@/testing/api-server';
import { product, shopSettings } from '@/testing/fixtures';
import { findToast, renderRoutes } from '@/testing/render';
import { type CartControls, type ProductShopping, ProductShoppingContext } from '../lib/product-shopping';
import { ProductDetails } from './product-details';

/** What the product page asked the cart to add (the app binds the cart feature here; the test records). */
let added: Parameters<CartControls['add']>[0][];

function openDetails(item: Product) {
  const shopping: ProductShopping = {
    useCart: () => ({
      inCart: false,
      add: (choice) => added.push(choice),
      remove() {},
      toggle() {},
    }),
    useWishlist: () => ({ liked: false, toggle() {} }),
  };
  const wrap = (router: ReactNode) => (
    <ProductShoppingContext value={shopping}>{router}</ProductShoppingContext>
  );
  return renderRoutes([{ path: '/', element: <ProductDetails product={item} /> }], { wrap });
}

const quantity = () => screen.getByRole('group', { name: 'Quantity' }).querySelector('output')?.textContent;
const plus = () => screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;

beforeEach(() => {
  added = [];
  api.use(http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings())));
});

describe('the product page’s quantity stepper', () => {
  it('counts from 1 up to the stock and no further, and adds that many', async () => {
    const { user } = openDetails(product({ name: 'Steel Kettle', countInStock: 3 }));
    expect(quantity()).toBe('1');
    expect(minus().disabled).toBe(true);
    await user.click(plus());
    await user.click(plus());
    expect(quantity()).toBe('3');
    expect(plus().disabled).toBe(true);
    await user.click(plus());
    expect(quantity()).toBe('3');
    await user.click(minus());
    expect(quantity()).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(added).toEqual([{ qty: 2, colour: undefined, size: undefined }]);
  });

  it('is off, with Buy Now, for a product out of stock', () => {
    openDetails(product({ countInStock: 0 }));
    expect(plus().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Out of Stock')).toBeTruthy();
  });

  it('asks for a colour and a size before adding', async () => {
    const { user } = openDetails(product({ colours: ['red'], sizes: ['M', 'L'], countInStock: 5 }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await findToast('Please select both color and size before adding to cart.');
    expect(added).toEqual([]);
  });
});
