import { CART_MESSAGES, COUPON_MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { type CheckoutTax, priceForDelivery, taxLines } from '@bazaar/shared/gst';
import { discountedPaise, formatINR, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import { cartQuoteBodySchema, cartReplySchema } from '@bazaar/shared/schemas/cart';
import { couponCheckReplySchema } from '@bazaar/shared/schemas/coupons';
import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refuse, reply, requestsTo } from '@/testing/api-server';
import { FakeCart } from '@/testing/fake-cart';
import { product, shopSettings, user } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { useGuestCart } from '../stores/guest-cart';
import { useGuestCoupon } from '../stores/guest-coupon';
import { CartPage } from './cart-page';

const routes = [
  { path: '/cart', Component: CartPage },
  { path: '/cart/checkout', element: <h1>Checkout</h1> },
  { path: '/login', element: <h1>Log in</h1> },
];

const openCart = () => renderRoutes(routes, { path: '/cart' });

/** The Cart Total box as label → figure ("Subtotal:" → "₹100"). */
async function totals(): Promise<Record<string, string>> {
  const box = await screen.findByRole('region', { name: 'Cart Total' });
  const rows: Record<string, string> = {};
  for (const term of within(box).getAllByRole('term')) {
    const label = term.textContent?.startsWith('Coupon') ? 'Coupon' : (term.textContent ?? '');
    rows[label] = term.nextElementSibling?.textContent ?? '';
  }
  return rows;
}

const quantityBox = (name: string) => screen.findByRole('spinbutton', { name: `Quantity of ${name}` });

/** Update Cart went on to checkout; back on the cart page (as the browser's Back would), for what it shows now. */
async function checkoutThenBack(view: ReturnType<typeof openCart>) {
  await waitFor(() => expect(view.location().pathname).toBe('/cart/checkout'));
  expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
  await view.router.navigate(-1);
  await waitFor(() => expect(view.location().pathname).toBe('/cart'));
}

async function setQuantity(user: ReturnType<typeof openCart>['user'], name: string, qty: string) {
  const box = await quantityBox(name);
  await user.clear(box);
  await user.type(box, qty);
  await user.click(screen.getByRole('button', { name: 'Update Cart' }));
}

beforeEach(() => {
  useGuestCart.getState().clear();
  useGuestCoupon.getState().clear();
  // Delivery figures of the shop's own, not the built-in ones the page uses until they load.
  api.use(
    http.get('/api/settings', () =>
      reply(shopSettingsSchema, shopSettings({ shippingFee: 70, freeShippingThreshold: 500 })),
    ),
  );
  // The remove buttons ask first; the shopper says yes.
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart page of a guest', () => {
  const mug = { _id: 'mug-1', name: 'Tea Mug', image: null, price: 100, discount: 0 };
  const shirt = { _id: 'shirt-1', name: 'Cotton Shirt', image: null, price: 500, discount: 10 };
  /** The shop's catalogue as the server holds it: live prices and GST rates (basis points). */
  const catalogue = new Map([
    [mug._id, { ...mug, gstRateBp: 1200 }],
    [shirt._id, { ...shirt, gstRateBp: 500 }],
  ]);
  let tax: CheckoutTax;

  beforeEach(() => {
    tax = { mode: 'flat', taxPercent: 10 };
    // POST /api/cart/quote as the server answers it: its own prices, the shared pricing rule.
    api.use(
      http.post('/api/cart/quote', async ({ request }) => {
        const body = cartQuoteBodySchema.parse(await request.json());
        const coupons: Record<string, number> = { SAVE10: 10 };
        const discount = body.coupon ? (coupons[body.coupon.toUpperCase()] ?? 0) : 0;
        const items = body.guestCart.flatMap((line) => {
          const p = catalogue.get(line._id);
          return p ? [{ line, p }] : [];
        });
        const priced = priceForDelivery(
          items.map(({ line, p }) => ({
            name: p.name,
            quantity: line.qty,
            unitPricePaise: rupeesToPaise(p.price),
            discountPercent: p.discount,
            gstRateBp: p.gstRateBp,
          })),
          discount,
          { feePaise: 7000, freeAbovePaise: 50_000 },
          tax,
          null,
        );
        const t = priced.totals;
        return reply(cartReplySchema, {
          _id: null,
          cartItems: items.map(({ line, p }, i) => {
            const sale = paiseToRupees(discountedPaise(rupeesToPaise(p.price), p.discount));
            return {
              _id: `guest-${i}`,
              productId: p._id,
              name: p.name,
              image: null,
              price: p.price,
              discount: p.discount,
              salePrice: sale,
              quantity: line.qty,
              colour: line.colour ?? null,
              size: line.size ?? null,
              lineTotal: paiseToRupees(rupeesToPaise(sale) * line.qty),
              countInStock: 10,
              inStock: true,
              colours: [],
              sizes: [],
            };
          }),
          subTotal: paiseToRupees(t.subTotalPaise),
          productDiscount: paiseToRupees(t.productDiscountPaise),
          couponDiscount: paiseToRupees(t.couponDiscountPaise),
          shipping: paiseToRupees(t.shippingPaise),
          tax: paiseToRupees(t.taxPaise),
          total: paiseToRupees(t.totalPaise),
          totalAmount: paiseToRupees(t.totalPaise),
          totalItems: t.totalItems,
          coupon: discount && body.coupon ? { code: body.coupon.toUpperCase(), discount } : null,
          taxIncluded: priced.taxIncluded,
          taxLines: taxLines(priced),
        });
      }),
    );
  });

  it('shows "incl. GST ₹…" in GST mode, as the server prices it, and no tax line added to the total', async () => {
    tax = { mode: 'gst', shopStateCode: '29' };
    // The browser's snapshot of the mug is out of date (₹90): the server's ₹100 counts.
    useGuestCart.getState().add({ ...mug, price: 90, qty: 2 });
    useGuestCart.getState().add({ ...shirt, qty: 1 });
    openCart();
    await waitFor(async () =>
      expect(await totals()).toEqual({
        'Subtotal:': formatINR(650),
        'Shipping:': 'Free',
        'Total:': formatINR(650),
      }),
    );
    // The tax inside ₹200 at 12 % and ₹450 at 5 %, as the server's rule works it out.
    const server = priceForDelivery(
      [
        { name: 'Tea Mug', quantity: 2, unitPricePaise: 10_000, discountPercent: 0, gstRateBp: 1200 },
        { name: 'Cotton Shirt', quantity: 1, unitPricePaise: 50_000, discountPercent: 10, gstRateBp: 500 },
      ],
      0,
      { feePaise: 7000, freeAbovePaise: 50_000 },
      tax,
      null,
    );
    const [included] = taxLines(server);
    expect(included!.amount).toBeGreaterThan(40);
    expect(screen.getByTestId('tax-lines').textContent).toBe(`incl. GST ${formatINR(included!.amount)}`);
    expect(screen.queryByText('Tax:')).toBeNull();
    const [sent] = requestsTo('POST', '/api/cart/quote');
    expect(await sent!.json()).toEqual({
      guestCart: [
        { _id: mug._id, qty: 2 },
        { _id: shirt._id, qty: 1 },
      ],
    });
  });

  it('says so when the cart is empty', async () => {
    openCart();
    expect(await screen.findByText(CART_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to shop' }).getAttribute('href')).toBe('/');
  });

  it('lists each line with its quantity and subtotal, and totals them by the shop’s delivery figures', async () => {
    useGuestCart.getState().add({ ...mug, qty: 1 });
    useGuestCart.getState().add({ ...shirt, qty: 2, colour: 'Blue', size: 'M' });
    openCart();
    expect((await quantityBox('Tea Mug')).getAttribute('value')).toBe('1');
    expect((await quantityBox('Cotton Shirt')).getAttribute('value')).toBe('2');
    expect(screen.getByText('Blue · Size M')).toBeTruthy();
    // 2 × ₹450 (10 % off ₹500).
    expect(screen.getByText(formatINR(900))).toBeTruthy();
    // ₹1,000 is over the shop's ₹500 threshold: delivery is free; tax 10 %.
    expect(await totals()).toEqual({
      'Subtotal:': formatINR(1000),
      'Shipping:': 'Free',
      'Tax:': formatINR(100),
      'Total:': formatINR(1100),
    });
  });

  it('charges the shop’s delivery fee under its threshold; Update Cart sets the quantities, goes on to checkout, and the totals follow', async () => {
    useGuestCart.getState().add({ ...mug, qty: 1 });
    const view = openCart();
    await waitFor(async () =>
      expect(await totals()).toEqual({
        'Subtotal:': formatINR(100),
        'Shipping:': formatINR(70),
        'Tax:': formatINR(10),
        'Total:': formatINR(180),
      }),
    );
    await setQuantity(view.user, 'Tea Mug', '5');
    await findToast(CART_MESSAGES.updated);
    expect(useGuestCart.getState().lines[0]?.qty).toBe(5);
    // The spec's Update Cart goes to checkout; the route's guard asks a guest to log in there.
    await checkoutThenBack(view);
    expect(await totals()).toEqual({
      'Subtotal:': formatINR(500),
      'Shipping:': 'Free',
      'Tax:': formatINR(50),
      'Total:': formatINR(550),
    });
  });

  it('does not send a quantity outside 1..99: the box is invalid and the cart stays as it was', async () => {
    useGuestCart.getState().add({ ...mug, qty: 2 });
    const view = openCart();
    for (const wrong of ['100', '0']) {
      await setQuantity(view.user, 'Tea Mug', wrong);
      expect(((await quantityBox('Tea Mug')) as HTMLInputElement).checkValidity()).toBe(false);
      expect(useGuestCart.getState().lines[0]?.qty).toBe(2);
      expect(view.location().pathname).toBe('/cart');
    }
    // The same form goes through once the quantity is within bounds.
    await setQuantity(view.user, 'Tea Mug', '99');
    await findToast(CART_MESSAGES.updated);
    expect(useGuestCart.getState().lines[0]?.qty).toBe(99);
    await waitFor(() => expect(view.location().pathname).toBe('/cart/checkout'));
  });

  it('goes on to checkout from Update Cart when no quantity changed', async () => {
    useGuestCart.getState().add({ ...mug, qty: 2 });
    const view = openCart();
    await quantityBox('Tea Mug');
    await view.user.click(screen.getByRole('button', { name: 'Update Cart' }));
    await waitFor(() => expect(view.location().pathname).toBe('/cart/checkout'));
    expect(useGuestCart.getState().lines[0]?.qty).toBe(2);
  });

  it('removes a line after asking', async () => {
    useGuestCart.getState().add({ ...mug, qty: 1 });
    useGuestCart.getState().add({ ...shirt, qty: 1 });
    const { user } = openCart();
    const [removeMug] = await screen.findAllByRole('button', { name: 'Remove Tea Mug from the cart' });
    await user.click(removeMug!);
    expect(window.confirm).toHaveBeenCalledWith(CART_MESSAGES.confirmRemove);
    await findToast(CART_MESSAGES.removed);
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'Quantity of Tea Mug' })).toBeNull());
    expect(useGuestCart.getState().lines.map((l) => l._id)).toEqual(['shirt-1']);
    expect((await totals())['Subtotal:']).toBe(formatINR(450));
  });

  it('keeps the line when the shopper cancels the removal', async () => {
    vi.mocked(window.confirm).mockReturnValueOnce(false);
    useGuestCart.getState().add({ ...mug, qty: 1 });
    const { user } = openCart();
    const [removeMug] = await screen.findAllByRole('button', { name: 'Remove Tea Mug from the cart' });
    await user.click(removeMug!);
    expect(useGuestCart.getState().lines).toHaveLength(1);
  });

  it('lets a guest apply a coupon: the server checks it, the browser keeps it, the totals show the discount', async () => {
    useGuestCart.getState().add({ ...mug, qty: 3 });
    api.use(
      http.post('/api/coupons/check', () =>
        reply(couponCheckReplySchema, { code: 'SAVE10', discount: 10, expiresAt: null }),
      ),
    );
    const { user } = openCart();
    const apply = await screen.findByRole('button', { name: 'Apply Coupon' });
    await user.click(apply);
    await findToast(COUPON_MESSAGES.required);
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), ' save10 ');
    await user.click(apply);
    await findToast(COUPON_MESSAGES.applied);
    expect(await requestsTo('POST', '/api/coupons/check')[0]!.json()).toEqual({ coupon: 'save10' });
    // ₹300, 10% off: ₹270; tax 10%; under the ₹500 threshold, so ₹70 delivery.
    await waitFor(async () =>
      expect(await totals()).toEqual({
        'Subtotal:': formatINR(300),
        Coupon: `-${formatINR(30)}`,
        'Shipping:': formatINR(70),
        'Tax:': formatINR(27),
        'Total:': formatINR(367),
      }),
    );
    const box = screen.getByRole('region', { name: 'Cart Total' });
    expect(within(box).getByText('Coupon code applied')).toBeTruthy();
    expect(within(box).getByText('-10%')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.guestCoupon)!)).toEqual({
      code: 'SAVE10',
      discount: 10,
      expiresAt: null,
    });

    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
    await findToast(COUPON_MESSAGES.removed);
    await waitFor(async () => expect((await totals())['Total:']).toBe(formatINR(400)));
    expect(localStorage.getItem(STORAGE_KEYS.guestCoupon)).toBeNull();
  });

  it('shows a guest why a code is refused, and keeps no discount', async () => {
    useGuestCart.getState().add({ ...mug, qty: 1 });
    api.use(http.post('/api/coupons/check', () => refuse('VALIDATION', COUPON_MESSAGES.expired)));
    const { user } = openCart();
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'SPRING15');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await findToast(COUPON_MESSAGES.expired);
    expect(await totals()).not.toHaveProperty('Coupon');
    expect(localStorage.getItem(STORAGE_KEYS.guestCoupon)).toBeNull();
  });
});

describe('the cart page of a signed-in shopper', () => {
  const kettle = product({ name: 'Steel Kettle', price: 1000, discount: 20, countInStock: 3 });
  const towel = product({
    name: 'Bath Towel',
    price: 200,
    countInStock: 8,
    colours: ['White'],
    sizes: ['L'],
  });
  let cart: FakeCart;

  beforeEach(() => {
    cart = new FakeCart().add(kettle, 1).add(towel, 2, { colour: 'White', size: 'L' });
    cart.coupons.set('SAVE10', 10);
    api.use(...cart.handlers());
    signIn(user());
  });

  it('shows the server’s cart: lines, quantities and its totals', async () => {
    openCart();
    expect((await quantityBox('Steel Kettle')).getAttribute('value')).toBe('1');
    expect((await quantityBox('Bath Towel')).getAttribute('value')).toBe('2');
    // ₹800 + 2 × ₹200 = ₹1,200; tax ₹120; free delivery.
    expect(await totals()).toEqual({
      'Subtotal:': formatINR(1200),
      'Shipping:': 'Free',
      'Tax:': formatINR(120),
      'Total:': formatINR(1320),
    });
  });

  it('sets a quantity on the server for the right line, goes on to checkout, and the cart shows what it answered', async () => {
    const view = openCart();
    await setQuantity(view.user, 'Bath Towel', '4');
    await findToast(CART_MESSAGES.updated);
    const [update] = requestsTo('PUT', `/api/cart/update/${towel._id}`);
    expect(await update!.json()).toEqual({ qty: 4, colour: 'White', size: 'L' });
    await checkoutThenBack(view);
    await waitFor(async () => expect((await totals())['Subtotal:']).toBe(formatINR(1600)));
  });

  it('cannot go above the stock: the server’s refusal is shown and the shopper stays with the cart as it was', async () => {
    const view = openCart();
    await setQuantity(view.user, 'Steel Kettle', '5');
    await findToast('Only 3 of Steel Kettle are in stock.');
    expect(screen.queryByText(CART_MESSAGES.updated)).toBeNull();
    expect(view.location().pathname).toBe('/cart');
    expect((await totals())['Subtotal:']).toBe(formatINR(1200));
    // Within the stock it goes through, and on to checkout.
    await setQuantity(view.user, 'Steel Kettle', '3');
    await findToast(CART_MESSAGES.updated);
    await checkoutThenBack(view);
    await waitFor(async () => expect((await totals())['Subtotal:']).toBe(formatINR(2800)));
  });

  it('says how many are left when a line holds more than the stock now', async () => {
    const scarce = product({ name: 'Silk Scarf', price: 300, countInStock: 2 });
    cart.add(scarce, 4);
    openCart();
    expect(await screen.findByText('Only 2 left in stock')).toBeTruthy();
  });

  it('removes one line of the product, named by its colour and size', async () => {
    const { user } = openCart();
    const [removeTowel] = await screen.findAllByRole('button', { name: 'Remove Bath Towel from the cart' });
    await user.click(removeTowel!);
    await findToast(CART_MESSAGES.removed);
    const [removal] = requestsTo('DELETE', `/api/cart/remove/${towel._id}`);
    expect(new URL(removal!.url).search).toBe('?colour=White&size=L');
    await waitFor(() =>
      expect(screen.queryByRole('spinbutton', { name: 'Quantity of Bath Towel' })).toBeNull(),
    );
    expect((await totals())['Subtotal:']).toBe(formatINR(800));
  });

  it('applies a coupon: the discount and the lower total show; it can be taken off again', async () => {
    const { user } = openCart();
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), ' save10 ');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await findToast(COUPON_MESSAGES.applied);
    expect(await requestsTo('PUT', '/api/cart/apply-coupon')[0]!.json()).toEqual({ coupon: 'save10' });
    await waitFor(async () =>
      expect(await totals()).toEqual({
        'Subtotal:': formatINR(1200),
        Coupon: `-${formatINR(120)}`,
        'Shipping:': 'Free',
        'Tax:': formatINR(108),
        'Total:': formatINR(1188),
      }),
    );
    expect((screen.getByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
    await findToast(COUPON_MESSAGES.removed);
    await waitFor(async () => expect((await totals())['Total:']).toBe(formatINR(1320)));
  });

  it('shows why a coupon is refused and keeps the code typed', async () => {
    const { user } = openCart();
    const box = await screen.findByRole('textbox', { name: 'Coupon code' });
    await user.type(box, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await findToast(COUPON_MESSAGES.notFound);
    expect((box as HTMLInputElement).value).toBe('NOPE');
    expect(await totals()).not.toHaveProperty('Coupon');
  });
});
