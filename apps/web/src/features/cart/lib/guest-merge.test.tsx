import { COUPON_MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { cartMergeBodySchema, cartMergeReplySchema } from '@bazaar/shared/schemas/cart';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, refuse, reply, requestsTo } from '@/testing/api-server';
import { FakeCart } from '@/testing/fake-cart';
import { product, user } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { accountCartKey } from '../stores/account-cart';
import { useGuestCart } from '../stores/guest-cart';
import { useGuestCoupon } from '../stores/guest-coupon';
import { mergeGuestCart } from './guest-merge';

// After sign-in the guest's coupon goes with the guest cart into the account's, where the server checks
// it again; one that ended meanwhile is dropped with a message, and the browser forgets it either way.

const lamp = product({ name: 'Brass Lamp', price: 500, countInStock: 5 });
const coupon = { code: 'SAVE10', discount: 10, expiresAt: null };

function start() {
  const shopper = user();
  signIn(shopper);
  const view = renderRoutes([{ path: '/', element: <h1>Home</h1> }]);
  return { ...view, key: accountCartKey(shopper._id) };
}

beforeEach(() => {
  useGuestCart.getState().clear();
  useGuestCoupon.getState().clear();
});

describe('the guest’s coupon at sign-in', () => {
  it('goes with the guest cart into the merge; the account’s cart then carries it', async () => {
    useGuestCart
      .getState()
      .add({ _id: lamp._id, name: lamp.name, image: null, price: 500, discount: 0, qty: 1 });
    useGuestCoupon.getState().set(coupon);
    const merged = new FakeCart().add(lamp, 1);
    merged.coupons.set('SAVE10', 10);
    api.use(
      http.post('/api/cart/merge', async ({ request }) => {
        const body = cartMergeBodySchema.parse(await request.json());
        return reply(cartMergeReplySchema, {
          ...merged.reply(),
          coupon: body.coupon ? { code: body.coupon, discount: merged.coupons.get(body.coupon)! } : null,
          changes: [],
          couponRefusal: null,
        });
      }),
    );
    const view = start();
    await mergeGuestCart(view.queryClient);
    const [sent] = requestsTo('POST', '/api/cart/merge');
    expect((await sent!.json()).coupon).toBe('SAVE10');
    expect(view.queryClient.getQueryData<{ coupon: unknown }>(view.key)?.coupon).toEqual({
      code: 'SAVE10',
      discount: 10,
    });
    expect(localStorage.getItem(STORAGE_KEYS.guestCoupon)).toBeNull();
    expect(useGuestCoupon.getState().coupon).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the server dropped it (it ended meanwhile), and forgets it', async () => {
    useGuestCart
      .getState()
      .add({ _id: lamp._id, name: lamp.name, image: null, price: 500, discount: 0, qty: 1 });
    useGuestCoupon.getState().set(coupon);
    const refusal = `The coupon SAVE10 was not applied to your cart: ${COUPON_MESSAGES.expired}`;
    api.use(
      http.post('/api/cart/merge', () =>
        reply(cartMergeReplySchema, {
          ...new FakeCart().add(lamp, 1).reply(),
          changes: [],
          couponRefusal: refusal,
        }),
      ),
    );
    const view = start();
    await mergeGuestCart(view.queryClient);
    await findToast(refusal);
    expect(view.queryClient.getQueryData<{ coupon: unknown }>(view.key)?.coupon).toBeNull();
    expect(useGuestCoupon.getState().coupon).toBeNull();
  });

  it('is applied on its own when the guest cart is empty; a refusal is said the same way', async () => {
    useGuestCoupon.getState().set(coupon);
    const account = new FakeCart().add(lamp, 2);
    account.coupons.set('SAVE10', 10);
    api.use(...account.handlers());
    const view = start();
    await mergeGuestCart(view.queryClient);
    expect(await requestsTo('PUT', '/api/cart/apply-coupon')[0]!.json()).toEqual({ coupon: 'SAVE10' });
    expect(requestsTo('POST', '/api/cart/merge')).toHaveLength(0);
    expect(view.queryClient.getQueryData<{ coupon: unknown }>(view.key)?.coupon).toEqual({
      code: 'SAVE10',
      discount: 10,
    });

    useGuestCoupon.getState().set({ ...coupon, code: 'GONE5' });
    api.use(http.put('/api/cart/apply-coupon', () => refuse('CONFLICT', COUPON_MESSAGES.usedUp)));
    await mergeGuestCart(view.queryClient);
    await findToast(`The coupon GONE5 was not applied to your cart: ${COUPON_MESSAGES.usedUp}`);
    expect(useGuestCoupon.getState().coupon).toBeNull();
  });

  it('comes back to the browser when the merge fails, with the lines', async () => {
    useGuestCart
      .getState()
      .add({ _id: lamp._id, name: lamp.name, image: null, price: 500, discount: 0, qty: 1 });
    useGuestCoupon.getState().set(coupon);
    api.use(http.post('/api/cart/merge', () => refuse('INTERNAL', 'Something went wrong')));
    const view = start();
    await mergeGuestCart(view.queryClient);
    expect(useGuestCoupon.getState().coupon).toEqual(coupon);
    expect(useGuestCart.getState().lines).toHaveLength(1);
  });
});
