import { MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { cartReplySchema } from '@bazaar/shared/schemas/cart';
import { categoryTreeSchema, productListSchema } from '@bazaar/shared/schemas/catalogue';
import { couponListSchema } from '@bazaar/shared/schemas/coupon-admin';
import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { currentUserReplySchema, type User } from '@bazaar/shared/schemas/user';
import { wishlistReplySchema } from '@bazaar/shared/schemas/wishlist';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { api, refuse, reply, requestsTo, tokenOf } from '@/testing/api-server';
import { user as aUser, categories, shopSettings } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { connectApp } from './connect-app';
import { Providers, Toasts } from './providers';
import { browserQueryClient } from './query-client';
import { routes } from './router';

// The whole app as the browser runs it (main.tsx): its routes, providers, toasts and start-up wiring,
// in a memory router. The API is answered at the network; the session ends as it does in the browser.

/** The first screen of a file loads its lazy page modules, the admin area's many: allow for a slow machine. */
const FIRST_LOAD = { timeout: 15_000 };

let undo: (() => void) | undefined;

/** Opens the app at `path`, wired as main.tsx wires it. */
function openApp(path: string) {
  const queryClient = browserQueryClient();
  const view = renderRoutes(routes, {
    path,
    queryClient,
    withoutToasts: true,
    wrap: (router: ReactNode) => (
      <Providers client={queryClient} origin="http://localhost">
        {router}
        <Toasts />
      </Providers>
    ),
  });
  undo = connectApp(view.router, queryClient);
  return view;
}

const emptyCart = cartReplySchema.parse({
  _id: null,
  cartItems: [],
  subTotal: 0,
  productDiscount: 0,
  couponDiscount: 0,
  shipping: 0,
  tax: 0,
  total: 0,
  totalAmount: 0,
  totalItems: 0,
  coupon: null,
});

/** What every page around the one under test asks: the shop, the menu, who is signed in, their lists. */
function answerTheShell(who: User) {
  api.use(
    http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings())),
    http.get('/api/categories', () => reply(categoryTreeSchema, categories)),
    http.get('/api/users/user', () => reply(currentUserReplySchema, { user: who })),
    http.get('/api/cart/get', () => reply(cartReplySchema, emptyCart)),
    http.get('/api/wishlist/get', () => reply(wishlistReplySchema, { wishlist: [] })),
  );
}

beforeEach(() => {
  browserQueryClient().clear();
});
afterEach(() => {
  undo?.();
});

describe('a session the API refuses', () => {
  it('ends at the first 401: the token goes, one toast says why, and login comes next with the way back', async () => {
    const shopper = aUser({ name: 'Asha Rao' });
    answerTheShell(shopper);
    api.use(http.get('/api/orders/myorders', () => refuse('UNAUTHORIZED', 'Your session has expired')));
    const token = signIn(shopper);
    const { location } = openApp('/orders');

    await findToast(MESSAGES.sessionExpiredReply, FIRST_LOAD);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe(`?next=${encodeURIComponent('/orders')}`);
    expect(await screen.findByRole('heading', { level: 1, name: /log in/i })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    // The refused request carried the session's token; the guard adds no second message.
    expect(tokenOf(requestsTo('GET', '/api/orders/myorders')[0]!)).toBe(token);
    expect(screen.queryByText(MESSAGES.sessionExpiredGuard)).toBeNull();
  });

  it('drops the admin flag at a 403: the admin area says so and sends them home, still signed in', async () => {
    const admin = aUser({ name: 'Ravi Admin', isAdmin: true });
    answerTheShell(admin);
    // The role was taken away meanwhile: the coupon list is now forbidden to this account.
    api.use(
      http.get('/api/coupons/get-coupons', () => refuse('FORBIDDEN', 'Admins only')),
      // The home page they land on.
      http.get('/api/products', () =>
        reply(productListSchema, {
          products: [],
          total: 0,
          page: 1,
          pages: 0,
          facets: { brand: [], material: [], colour: [], size: [], rating: [], price: { min: 0, max: 0 } },
          nextCursor: null,
        }),
      ),
    );
    const token = signIn(admin);
    const { location } = openApp('/admin/coupons');

    await findToast(MESSAGES.notAdmin, FIRST_LOAD);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(useSession.getState()).toMatchObject({ isAuthenticated: true, isAdmin: false, token });
    expect(useSession.getState().user?.isAdmin).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(requestsTo('GET', '/api/coupons/get-coupons')).toHaveLength(1);
  });

  it('lets an admin whose role holds use the admin area', async () => {
    const admin = aUser({ isAdmin: true });
    answerTheShell(admin);
    api.use(
      http.get('/api/coupons/get-coupons', () =>
        reply(couponListSchema, { coupons: [], total: 0, page: 1, pages: 0 }),
      ),
    );
    signIn(admin);
    const { location } = openApp('/admin/coupons');
    expect(await screen.findByText('No coupon found', {}, FIRST_LOAD)).toBeTruthy();
    expect(location().pathname).toBe('/admin/coupons');
    expect(useSession.getState().isAdmin).toBe(true);
  });
});
