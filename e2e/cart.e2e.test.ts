import { randomUUID } from 'node:crypto';
import { formatINR, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import { cartTotals, DEFAULT_PRICING, type PricingSettings } from '@bazaar/shared/pricing';
import type { Product, ProductList } from '@bazaar/shared/schemas/catalogue';
import type { ShopSettings } from '@bazaar/shared/schemas/settings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, toast } from './journey';

const baseUrl = inject('baseUrl');

async function productNamed(name: string): Promise<Product> {
  const list = (await (
    await fetch(`${baseUrl}/api/products?search=${encodeURIComponent(name)}`)
  ).json()) as ProductList;
  const product = list.products.find((p) => p.name === name);
  if (!product) throw new Error(`no demo product ${name}`);
  return product;
}

async function shopPricing(): Promise<PricingSettings> {
  const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as ShopSettings;
  return {
    ...DEFAULT_PRICING,
    shippingFeePaise: rupeesToPaise(settings.shippingFee),
    freeShippingThresholdPaise:
      settings.freeShippingThreshold === null ? null : rupeesToPaise(settings.freeShippingThreshold),
  };
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const header = (page: Page) => page.locator('header');
/** The header link's accessible name carries the badge's count. */
const badged = (label: string, count: number) =>
  count > 0 ? `${label}, ${count} ${count === 1 ? 'item' : 'items'}` : label;
const cartLink = (page: Page, count: number) =>
  header(page).getByRole('link', { name: badged('Cart', count), exact: true });
const wishlistLink = (page: Page, count: number) =>
  header(page).getByRole('link', { name: badged('Wishlist', count), exact: true });

/** The Cart Total box's figures as the page shows them. */
async function shownTotals(page: Page) {
  const box = page.getByRole('region', { name: 'Cart Total' });
  const value = async (label: string) =>
    (
      await box
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd')
        .textContent()
    )?.trim();
  return {
    subTotal: await value('Subtotal:'),
    shipping: await value('Shipping:'),
    tax: await value('Tax:'),
    total: await value('Total:'),
  };
}

describeInBrowser('a shopper’s cart, wishlist and coupons', () => {
  let browser: Browser;
  let page: Page;
  let tee: Product;
  let juttis: Product;
  let swimDress: Product;
  let blouse: Product;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
    [tee, juttis, swimDress, blouse] = await Promise.all([
      productNamed('Basic Crew T-Shirt'),
      productNamed('Embroidered Juttis'),
      productNamed('Swim Wrap Dress'),
      productNamed('Ruffle Sleeve Blouse'),
    ]);
  });
  afterAll(async () => browser?.close());

  it('keeps a guest’s cart and wishlist in the browser, across a reload', async () => {
    // A product with colours and sizes asks for both before it goes in the cart.
    await page.goto(`/product/${tee._id}`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: tee.name }).waitFor();
    await main.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Please select both color and size before adding to cart.');
    await main.getByRole('button', { name: 'black', exact: true }).click();
    await main.getByRole('button', { name: 'M', exact: true }).click();
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    await main.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Added to cart');
    await cartLink(page, 2).waitFor();

    // From a card: one more product in the cart, and one in the wishlist.
    await page.goto('/search/Juttis');
    const card = main.getByRole('article', { name: juttis.name });
    await card.hover();
    await card.getByRole('button', { name: 'Add To cart' }).click();
    await toast(page, 'Added to cart');
    await cartLink(page, 3).waitFor();
    await page.goto('/search/Swim Wrap');
    await main.getByRole('button', { name: `Add ${swimDress.name} to wishlist` }).click();
    await toast(page, 'Added to wishlist');
    await wishlistLink(page, 1).waitFor();

    await page.reload();
    await cartLink(page, 3).waitFor();
    await wishlistLink(page, 1).waitFor();
    const guestCart = JSON.parse((await stored(page, 'guestCart')) ?? '[]');
    expect(
      guestCart.map((l: { name: string; qty: number; colour?: string; size?: string }) => [
        l.name,
        l.qty,
        l.colour,
        l.size,
      ]),
    ).toEqual([
      [tee.name, 2, 'black', 'M'],
      [juttis.name, 1, undefined, undefined],
    ]);

    // The guest's cart page prices the lines by the shared rule.
    await page.goto('/cart');
    await main.getByRole('row', { name: new RegExp(tee.name) }).waitFor();
    const pricing = await shopPricing();
    const guestTotals = cartTotals(
      [
        { unitPricePaise: rupeesToPaise(tee.price), discount: tee.discount, quantity: 2 },
        { unitPricePaise: rupeesToPaise(juttis.price), discount: juttis.discount, quantity: 1 },
      ],
      0,
      pricing,
    );
    expect((await shownTotals(page)).total).toBe(formatINR(paiseToRupees(guestTotals.totalPaise)));

    // A guest applies a coupon too: the server checks it, the browser prices it by the same rule.
    await main.getByLabel('Coupon code').fill('SPRING15');
    await main.getByRole('button', { name: 'Apply Coupon' }).click();
    await toast(page, 'This coupon has expired.');
    await main.getByLabel('Coupon code').fill('welcome10');
    await main.getByRole('button', { name: 'Apply Coupon' }).click();
    await toast(page, 'Coupon code applied');
    const box = main.getByRole('region', { name: 'Cart Total' });
    await box.getByText('WELCOME10').waitFor();
    await box.getByText('-10%').waitFor();
    const withCoupon = cartTotals(
      [
        { unitPricePaise: rupeesToPaise(tee.price), discount: tee.discount, quantity: 2 },
        { unitPricePaise: rupeesToPaise(juttis.price), discount: juttis.discount, quantity: 1 },
      ],
      10,
      pricing,
    );
    const shown = (paise: number) => formatINR(paiseToRupees(paise));
    expect(await shownTotals(page)).toEqual({
      subTotal: shown(withCoupon.subTotalPaise),
      shipping: withCoupon.shippingPaise === 0 ? 'Free' : shown(withCoupon.shippingPaise),
      tax: shown(withCoupon.taxPaise),
      total: shown(withCoupon.totalPaise),
    });
    expect(await box.getByText(`-${shown(withCoupon.couponDiscountPaise)}`).count()).toBe(1);
    expect(JSON.parse((await stored(page, 'guestCoupon')) ?? 'null')).toMatchObject({
      code: 'WELCOME10',
      discount: 10,
    });
    expect(await accessibilityProblems(page)).toEqual([]);

    // Update Cart goes on to checkout, as the spec says; checkout asks a guest to log in first.
    await main.getByRole('button', { name: 'Update Cart' }).click();
    await toast(page, 'Please login first');
    await page.waitForURL(`${baseUrl}/login?next=${encodeURIComponent('/cart/checkout')}`);
    expect(JSON.parse((await stored(page, 'guestCart')) ?? '[]')).toHaveLength(2);
  });

  it('moves them into the account on register, and empties the guest storage', async () => {
    await page.goto('/register');
    const main = page.locator('main');
    await main.getByLabel('Name', { exact: true }).fill('Meera Cart');
    await main.getByLabel('Email', { exact: true }).fill(`meera-${randomUUID().slice(0, 8)}@example.com`);
    await main.getByLabel('Password', { exact: true }).fill('Saffron lamp 42');
    await main.getByLabel('Confirm Password', { exact: true }).fill('Saffron lamp 42');
    await main.getByLabel('Phone Number', { exact: true }).fill('9876543210');
    await main.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => stored(page, 'guestCart')).toBeNull();
    await expect.poll(() => stored(page, 'guestLikes')).toBeNull();
    await expect.poll(() => stored(page, 'guestCoupon')).toBeNull();
    await cartLink(page, 3).waitFor();
    await wishlistLink(page, 1).waitFor();

    // The server holds them now: a fresh load asks it.
    await page.goto('/cart');
    await main.getByRole('row', { name: new RegExp(tee.name) }).waitFor();
    await main.getByRole('row', { name: new RegExp(juttis.name) }).waitFor();
    expect(
      await main
        .getByRole('row', { name: new RegExp(tee.name) })
        .getByText('black · Size M')
        .count(),
    ).toBe(1);
    // The guest's coupon came too, checked again by the server: the account's cart carries it.
    await main.getByRole('region', { name: 'Cart Total' }).getByText('WELCOME10').waitFor();
    await page.goto('/wishlist');
    await main.getByRole('heading', { name: 'My wishlist' }).waitFor();
    await main.getByText('(1 item)').waitFor();
    await main.getByRole('article', { name: swimDress.name }).getByText('In Stock').waitFor();
  });

  it('changes a quantity, applies a coupon exactly by the rule, refuses an expired one and removes a line', async () => {
    const main = page.locator('main');
    await page.goto('/cart');
    const quantity = main.getByLabel(`Quantity of ${tee.name}`);
    await quantity.fill('3');
    await main.getByRole('button', { name: 'Update Cart' }).click();
    await toast(page, 'Cart updated');
    // Then on to checkout, as the spec's Update Cart does, with the new quantity.
    await page.waitForURL((url) => url.pathname === '/cart/checkout');
    await main.getByRole('heading', { name: 'Billing Details' }).waitFor();
    await main.getByText(tee.name).first().waitFor();
    await cartLink(page, 4).waitFor();
    await page.goto('/cart');

    const pricing = await shopPricing();
    const lines = [
      { unitPricePaise: rupeesToPaise(tee.price), discount: tee.discount, quantity: 3 },
      { unitPricePaise: rupeesToPaise(juttis.price), discount: juttis.discount, quantity: 1 },
    ];
    const shown = (paise: number) => formatINR(paiseToRupees(paise));
    const before = cartTotals(lines, 0, pricing);
    await expect.poll(async () => (await shownTotals(page)).subTotal).toBe(shown(before.subTotalPaise));

    await main.getByLabel('Coupon code').fill('welcome10');
    await main.getByRole('button', { name: 'Apply Coupon' }).click();
    await toast(page, 'Coupon code applied');
    const box = main.getByRole('region', { name: 'Cart Total' });
    await box.getByText('Coupon code applied').waitFor();
    await box.getByText('-10%').waitFor();
    const after = cartTotals(lines, 10, pricing);
    expect(await shownTotals(page)).toEqual({
      subTotal: shown(after.subTotalPaise),
      shipping: after.shippingPaise === 0 ? 'Free' : shown(after.shippingPaise),
      tax: shown(after.taxPaise),
      total: shown(after.totalPaise),
    });
    expect(await box.getByText(`-${shown(after.couponDiscountPaise)}`).count()).toBe(1);
    expect(after.totalPaise).toBeLessThan(before.totalPaise);

    await main.getByLabel('Coupon code').fill('SPRING15');
    await main.getByRole('button', { name: 'Apply Coupon' }).click();
    await toast(page, 'This coupon has expired.');
    // The applied coupon stays.
    await box.getByText('WELCOME10').waitFor();

    // Removing asks first; dismissing keeps the line.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await main.getByRole('button', { name: `Remove ${juttis.name} from the cart` }).click();
    expect(asked).toEqual(['Are you sure you want to remove this item from the cart?']);
    expect(await main.getByRole('row', { name: new RegExp(juttis.name) }).count()).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await main.getByRole('button', { name: `Remove ${juttis.name} from the cart` }).click();
    await toast(page, 'Removed from cart');
    await expect.poll(() => main.getByRole('row', { name: new RegExp(juttis.name) }).count()).toBe(0);
    await cartLink(page, 3).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('moves a wishlist item into the cart, and refuses one out of stock', async () => {
    const main = page.locator('main');
    await page.goto(`/product/${blouse._id}`);
    await main.getByRole('button', { name: 'Add to wishlist' }).click();
    await toast(page, 'Added to wishlist');
    await wishlistLink(page, 2).waitFor();

    await page.goto('/wishlist');
    await main.getByText('(2 items)').waitFor();
    const soldOut = main.getByRole('article', { name: blouse.name });
    await soldOut.getByText('Out of Stock').waitFor();
    const refused: string[] = [];
    page.once('dialog', (dialog) => {
      refused.push(dialog.message());
      void dialog.accept();
    });
    // It reads as disabled (aria-disabled), yet a click still says why.
    await soldOut.getByRole('button', { name: 'Add to Cart' }).click({ force: true });
    await expect.poll(() => refused).toEqual(['Product is out of stock']);
    expect(await accessibilityProblems(page)).toEqual([]);

    await main
      .getByRole('article', { name: swimDress.name })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await toast(page, 'Added to cart');
    await expect.poll(() => main.getByRole('article', { name: swimDress.name }).count()).toBe(0);
    await wishlistLink(page, 1).waitFor();
    await cartLink(page, 4).waitFor();

    await soldOut.getByRole('button', { name: `Remove ${blouse.name} from wishlist` }).click();
    await toast(page, 'Removed from wishlist');
    await main.getByText('Your wishlist is empty').waitFor();
    await main.getByText('Start adding items you love to your wishlist').waitFor();
    await main.getByRole('link', { name: 'Browse Products' }).waitFor();

    await page.goto('/cart');
    await main.getByRole('row', { name: new RegExp(swimDress.name) }).waitFor();
  });

  it('works on a 360 px wide phone', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/cart');
    const main = page.locator('main');
    await main.getByLabel(`Quantity of ${tee.name}`).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of ['Update Cart', 'Apply Coupon']) {
      expect(await main.getByRole('button', { name }).isVisible()).toBe(true);
    }
    expect(await main.getByRole('link', { name: 'Proceed to checkout' }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: `Remove ${tee.name} from the cart` }).isVisible()).toBe(
      true,
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.goto('/wishlist');
    await main.getByText('Your wishlist is empty').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('empties the browser’s copy of the account’s cart and wishlist at logout', async () => {
    expect(await stored(page, 'cart')).not.toBeNull();
    await header(page)
      .getByRole('button', { name: /^Account menu/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => stored(page, 'cart')).toBeNull();
    expect(await stored(page, 'Likes')).toBeNull();
    await cartLink(page, 0).waitFor();
  });
});
