import { SESSION_TOKEN_HEADER } from '@bazaar/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';

const HOUR = 60 * 60 * 1000;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function register(t: TestApp, email: string): Promise<{ id: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: 'Kiran', email, password: 'quiet-harbour-71', phoneNumber: '4' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user._id, token: res.json().token };
}

async function logIn(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'quiet-harbour-71' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

const status = async (t: TestApp, token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) })).statusCode;

describe('logging out ends the session on the server, on every process', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    // A second server process on the same database.
    b = await createTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a logged-out token on both processes, while another session of the account goes on', async () => {
    const { token: laptop } = await register(a, 'kiran@example.com');
    const phone = await logIn(b, 'kiran@example.com');
    expect([await status(a, laptop), await status(b, laptop)]).toEqual([200, 200]);

    const out = await a.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth(laptop) });
    expect(out.json()).toEqual({ message: 'Logged out' });
    expect(out.json()).toEqual({ message: 'Logged out' });

    expect([await status(a, laptop), await status(b, laptop)]).toEqual([401, 401]);
    expect([await status(a, phone), await status(b, phone)]).toEqual([200, 200]);
    // A logged-out token cannot log out again or do anything else.
    const again = await b.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth(laptop) });
    expect(again.statusCode).toBe(401);
  });

  it('signs out everywhere', async () => {
    const { token: first } = await register(a, 'leela@example.com');
    const second = await logIn(b, 'leela@example.com');
    const third = await logIn(a, 'leela@example.com');
    const out = await b.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: auth(second),
      payload: { everywhere: true },
    });
    expect(out.json()).toEqual({ message: 'Signed out on every device' });
    for (const token of [first, second, third]) {
      expect([await status(a, token), await status(b, token)]).toEqual([401, 401]);
    }
    // Signing in again starts a new session.
    expect(await status(b, await logIn(b, 'leela@example.com'))).toBe(200);
  });
});

describe('session lifetimes: idle expiry, sliding renewal, absolute end', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => t?.close());

  it('expires a token a day after its last renewal, and renews it while in use', async () => {
    const { token } = await register(t, 'meera@example.com');
    // Within the first hour: used as it is, nothing renewed.
    clock.advance(30 * 60 * 1000);
    const early = await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) });
    expect(early.statusCode).toBe(200);
    expect(early.headers[SESSION_TOKEN_HEADER]).toBeUndefined();

    // Later the reply carries a renewed token, which lives a day from now.
    clock.advance(2 * HOUR);
    const later = await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) });
    expect(later.statusCode).toBe(200);
    const renewed = later.headers[SESSION_TOKEN_HEADER] as string;
    expect(renewed).toEqual(expect.any(String));
    expect(later.headers['cache-control']).toBe('no-store');

    // A day and a bit after it was issued, the old token has expired; the renewed one still works.
    clock.advance(22 * HOUR);
    const stale = await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Your session has expired. Please log in again.');
    expect(await status(t, renewed)).toBe(200);
  });

  it('ends a session two weeks after sign-in, however active it was', async () => {
    let token = await logIn(t, 'meera@example.com');
    // Used every 20 hours for 13 days and 20 hours: never idle for a day, always renewed.
    for (let hours = 20; hours < 14 * 24; hours += 20) {
      clock.advance(20 * HOUR);
      const res = await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) });
      expect(res.statusCode, `after ${hours} hours`).toBe(200);
      token = (res.headers[SESSION_TOKEN_HEADER] as string | undefined) ?? token;
    }
    clock.advance(20 * HOUR);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/user', headers: auth(token) });
    expect(res.statusCode).toBe(401);
  });
});
