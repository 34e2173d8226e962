import type { Product, ProductVariant } from '@bazaar/shared/schemas/catalogue';
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
/** The pictures the details asked the gallery to show first. */
let images: (string | null)[];

function openDetails(item: Product, variants: ProductVariant[] = []) {
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
  return renderRoutes(
    [
      {
        path: '/',
        element: <ProductDetails product={item} variants={variants} onImage={(i) => images.push(i)} />,
      },
    ],
    { wrap },
  );
}

const quantity = () => screen.getByRole('group', { name: 'Quantity' }).querySelector('output')?.textContent;
const plus = () => screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;

beforeEach(() => {
  added = [];
  images = [];
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

function variant(
  colour: string,
  size: string,
  countInStock: number,
  price = 500,
  image: string | null = null,
): ProductVariant {
  return {
    id: `${colour}-${size}`,
    sku: `KURTA-${colour}-${size}`.toUpperCase(),
    colour,
    size,
    price,
    salePrice: price,
    countInStock,
    inStock: countInStock > 0,
    image,
  };
}

describe('the product page’s variant picker', () => {
  const kurta = product({ name: 'Kurta', colours: ['Red', 'Blue'], sizes: ['S', 'M'], countInStock: 9 });
  const variants = [
    variant('Red', 'S', 3),
    variant('Red', 'M', 0),
    variant('Blue', 'S', 4, 650, '/uploads/products/blue.webp'),
    variant('Blue', 'M', 2, 650, '/uploads/products/blue.webp'),
  ];
  const sizeButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('strikes through a size sold out in the chosen colour, so it cannot be added', async () => {
    const { user } = openDetails(kurta, variants);
    await user.click(screen.getByRole('button', { name: 'Red' }));
    const medium = sizeButton('M (sold out)');
    expect(medium.disabled).toBe(true);
    expect(medium.className).toContain('line-through');
    await user.click(medium);
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await findToast('Please select both color and size before adding to cart.');
    expect(added).toEqual([]);
  });

  it('updates sizes, price, stock and picture with the colour, and runs the stepper to the variant’s stock', async () => {
    const { user } = openDetails(kurta, variants);
    await user.click(screen.getByRole('button', { name: 'Blue' }));
    expect(sizeButton('M').disabled).toBe(false);
    expect(images.at(-1)).toBe('/uploads/products/blue.webp');
    await user.click(sizeButton('M'));
    expect(screen.getByText('In Stock (2)')).toBeTruthy();
    expect(screen.getAllByText(/650/).length).toBeGreaterThan(0);
    await user.click(plus());
    expect(quantity()).toBe('2');
    expect(plus().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(added).toEqual([{ qty: 2, colour: 'Blue', size: 'M' }]);

    // Back to Red (marked sold out in Medium): the size is dropped and the stock is Red's.
    await user.click(screen.getByRole('button', { name: 'Red (sold out)' }));
    expect(sizeButton('M (sold out)').disabled).toBe(true);
    await user.click(sizeButton('S'));
    expect(screen.getByText('In Stock (3)')).toBeTruthy();
  });
});
