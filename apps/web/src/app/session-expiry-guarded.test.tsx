import { MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { api, refuse } from '@/testing/api-server';
import { type AppPieces, answerTheShell, openApp } from '@/testing/app-shell';
import { user as aUser } from '@/testing/fixtures';
import { findToast, signIn } from '@/testing/render';
import { shopApp } from './shop-app.testing';

// A 401 on a page only a signed-in shopper may see: the API client ends the session and the page's
// guard, which now sees a guest, must not add a message of its own (session-expiry.test.tsx has the rest).

const app: AppPieces = shopApp();
/** The first screens load their lazy page modules: allow for a slow machine. */
const FIRST_LOAD = { timeout: 15_000 };
let close: (() => void) | undefined;
afterEach(() => close?.());

it('ends the session on a login-only page with one toast, and login leads back to the page', {
  timeout: 45_000,
}, async () => {
  const shopper = aUser();
  answerTheShell(shopper);
  api.use(http.get('/api/orders/myorders', () => refuse('UNAUTHORIZED', 'Your session has expired')));
  signIn(shopper);
  const opened = openApp(app, '/orders');
  close = opened.close;

  await findToast(MESSAGES.sessionExpiredReply, FIRST_LOAD);
  await waitFor(() => expect(opened.location().pathname).toBe('/login'), FIRST_LOAD);
  expect(opened.location().search).toBe(`?next=${encodeURIComponent('/orders')}`);
  expect(await screen.findByRole('heading', { level: 1, name: /log in/i }, FIRST_LOAD)).toBeTruthy();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(useSession.getState().isAuthenticated).toBe(false);
  expect(document.body.textContent).not.toContain(MESSAGES.sessionExpiredGuard);
});
