import { MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { couponListSchema } from '@bazaar/shared/schemas/coupon-admin';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { api, refuse, reply, requestsTo, tokenOf } from '@/testing/api-server';
import { type AppPieces, answerTheShell, openApp } from '@/testing/app-shell';
import { user as aUser } from '@/testing/fixtures';
import { findToast, signIn } from '@/testing/render';
import { shopApp } from './shop-app.testing';

// The whole app as the browser runs it, the API answered at the network: a refused session ends as
// it does in the browser. (A 401 on a login-only page: session-expiry-guarded.test.tsx. The API
// client handles one 401 a second, so each of those tests has a file, and a fresh client, of its own.)

const app: AppPieces = shopApp();
/** The first screen of a file loads its lazy page modules, the admin area's many: allow for a slow machine. */
const FIRST_LOAD = { timeout: 15_000 };

let close: (() => void) | undefined;
beforeEach(() => {
  app.queryClient.clear();
});
afterEach(() => {
  close?.();
});

// The whole app's screens load more than a form's: more time than the project's default.
describe('a session the API refuses', { timeout: 45_000 }, () => {
  it('ends at the first 401: the token goes, one toast says why, and login comes next with the way back', async () => {
    const shopper = aUser({ name: 'Asha Rao' });
    answerTheShell(shopper);
    // The cart page is open to anyone: only the API client's own handling ends the session here.
    api.use(http.get('/api/cart/get', () => refuse('UNAUTHORIZED', 'Your session has expired')));
    const token = signIn(shopper);
    const opened = openApp(app, '/cart');
    close = opened.close;

    await findToast(MESSAGES.sessionExpiredReply, FIRST_LOAD);
    await waitFor(() => expect(opened.location().pathname).toBe('/login'), FIRST_LOAD);
    expect(opened.location().search).toBe(`?next=${encodeURIComponent('/cart')}`);
    expect(await screen.findByRole('heading', { level: 1, name: /log in/i }, FIRST_LOAD)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(tokenOf(requestsTo('GET', '/api/cart/get')[0]!)).toBe(token);
  });

  it('drops the admin flag at a 403: the admin area says so and sends them home, still signed in', async () => {
    const admin = aUser({ name: 'Ravi Admin', isAdmin: true });
    answerTheShell(admin);
    // The role was taken away meanwhile: the coupon list is now forbidden to this account.
    api.use(http.get('/api/coupons/get-coupons', () => refuse('FORBIDDEN', 'Admins only')));
    const token = signIn(admin);
    const opened = openApp(app, '/admin/coupons');
    close = opened.close;

    await findToast(MESSAGES.notAdmin, FIRST_LOAD);
    await waitFor(() => expect(opened.location().pathname).toBe('/'), FIRST_LOAD);
    expect(await screen.findByRole('main', {}, FIRST_LOAD)).toBeTruthy();
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
    const opened = openApp(app, '/admin/coupons');
    close = opened.close;
    expect(await screen.findByText('No coupon found', {}, FIRST_LOAD)).toBeTruthy();
    expect(opened.location().pathname).toBe('/admin/coupons');
    expect(useSession.getState().isAdmin).toBe(true);
  });
});
