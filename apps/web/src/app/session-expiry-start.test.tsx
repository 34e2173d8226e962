import { MESSAGES, STORAGE_KEYS } from '@bazaar/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { api, refuse, requestsTo, tokenOf } from '@/testing/api-server';
import { type AppPieces, answerTheShell, openApp } from '@/testing/app-shell';
import { user as aUser } from '@/testing/fixtures';
import { findToast, signIn } from '@/testing/render';
import { shopApp } from './shop-app.testing';

// A stored token the server no longer accepts, found by the start-up check on a page anyone may see:
// the spec's route table makes /login the forced redirect after session expiry, on any page.
// (The start-up check runs once per page load, so this file has a client of its own.)

const app: AppPieces = shopApp();
const FIRST_LOAD = { timeout: 15_000 };
let close: (() => void) | undefined;
afterEach(() => close?.());

it('ends an expired session found at start on a public page: one toast, then login with the way back', {
  timeout: 45_000,
}, async () => {
  const shopper = aUser();
  answerTheShell(shopper);
  api.use(http.get('/api/users/user', () => refuse('UNAUTHORIZED', 'Your session has expired')));
  const token = signIn(shopper);
  const opened = openApp(app, '/contact');
  close = opened.close;

  await findToast(MESSAGES.sessionExpiredReply, FIRST_LOAD);
  await waitFor(() => expect(opened.location().pathname).toBe('/login'), FIRST_LOAD);
  expect(opened.location().search).toBe(`?next=${encodeURIComponent('/contact')}`);
  expect(await screen.findByRole('heading', { level: 1, name: /log in/i }, FIRST_LOAD)).toBeTruthy();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(useSession.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
  expect(tokenOf(requestsTo('GET', '/api/users/user')[0]!)).toBe(token);
  expect(document.body.textContent).not.toContain(MESSAGES.sessionExpiredGuard);
});
