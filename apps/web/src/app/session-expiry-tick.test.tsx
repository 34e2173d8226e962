import { MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { type AppPieces, answerTheShell, openApp } from '@/testing/app-shell';
import { user as aUser } from '@/testing/fixtures';
import { findToast, signIn } from '@/testing/render';
import { shopApp } from './shop-app.testing';

// The once-a-second check on a public page: the stored token is gone (storage cleared under the tab),
// so the session ends with the spec's message and, as the route table says, the shopper goes to /login.

const app: AppPieces = shopApp();
const FIRST_LOAD = { timeout: 15_000 };
let close: (() => void) | undefined;
afterEach(() => close?.());

it('ends the session when the stored token disappears on a public page, and sends the shopper to log in', {
  timeout: 45_000,
}, async () => {
  const shopper = aUser({ name: 'Asha Rao' });
  answerTheShell(shopper);
  signIn(shopper);
  const opened = openApp(app, '/faq');
  close = opened.close;
  // Signed in and settled on the page first: the start-up check has answered.
  await waitFor(
    () => expect(useSession.getState()).toMatchObject({ checking: false, user: shopper }),
    FIRST_LOAD,
  );
  expect(opened.location().pathname).toBe('/faq');

  localStorage.removeItem(STORAGE_KEYS.token);

  await findToast(MESSAGES.sessionExpiredTick, { timeout: 5000 });
  await waitFor(() => expect(opened.location().pathname).toBe('/login'), FIRST_LOAD);
  expect(opened.location().search).toBe(`?next=${encodeURIComponent('/faq')}`);
  expect(await screen.findByRole('heading', { level: 1, name: /log in/i }, FIRST_LOAD)).toBeTruthy();
  expect(useSession.getState()).toMatchObject({ token: null, isAuthenticated: false });
});
