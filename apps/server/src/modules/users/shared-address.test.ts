import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema/users';
import { DEVICE_COOKIE } from '../../lib/device-id';

const PASSWORD = 'amber-tiger-canal-7';
/** A carrier-grade NAT's address (RFC 6598's shared range): every shopper below comes from it. */
const SHARED = '100.64.12.34';
const OTHERS = 1000;

const deviceCookie = (res: LightMyRequestResponse) =>
  `${DEVICE_COOKIE}=${res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;

/**
 * The limits as shipped (no test overrides): a shop whose shoppers reach it through one mobile
 * carrier's NAT. Under the old per-address limits the 11th typo or registration of the hour from
 * that address locked everybody on it out.
 */
describe('a shopper who shares an address with 1,000 others', () => {
  const clock = new ManualClock('2026-05-01T18:00:00.000Z');
  let t: TestApp;

  const login = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': SHARED, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });
  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-forwarded-for': SHARED },
      payload: { name: 'Shopper', email, password: PASSWORD, phoneNumber: '9' },
    });

  beforeAll(async () => {
    // The API's per-minute ceiling runs on the real clock, and this test's hour passes in seconds:
    // lifted, so what is measured is the sign-in and registration limits, at their defaults.
    t = await createTestApp({ rateLimitMax: 100_000 }, { clock });
    const passwordHash = await t.services.passwords.hash(PASSWORD);
    const rows = Array.from({ length: OTHERS }, (_, i) => ({
      name: `Other ${i}`,
      email: `other-${i}@example.com`,
      passwordHash,
    }));
    for (let i = 0; i < rows.length; i += 250) await t.db.insert(users).values(rows.slice(i, i + 250));
  }, 60_000);
  afterAll(async () => t?.close());

  it('can still sign in and register after an hour of the others signing in, mistyping, registering and guessing', async () => {
    // Our shopper signed up last week on this phone.
    const signedUp = await register('me@example.com');
    expect(signedUp.statusCode).toBe(201);
    const myPhone = deviceCookie(signedUp);
    clock.advance(7 * 24 * 3600_000);

    const statuses = new Map<number, number>();
    const tally = (res: LightMyRequestResponse) =>
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const guesses: number[] = [];
    // Within the hour, from the one address: each of the 1,000 signs in on a browser the shop has not
    // seen; one in five mistypes first; one in ten is new and registers; someone sprays a common
    // password over 200 of their accounts and guesses at our shopper's. Twenty-five at a time.
    const BATCH = 25;
    const shopper = async (i: number) => {
      if (i % 5 === 0) tally(await login(`other-${i}@example.com`, 'amber-tiger-canal-8'));
      tally(await login(`other-${i}@example.com`, PASSWORD));
      if (i % 10 === 0) tally(await register(`new-${i}@example.com`));
      if (i % 5 === 1) tally(await login(`other-${i}@example.com`, 'password123'));
    };
    for (let first = 0; first < OTHERS; first += BATCH) {
      clock.advance(75_000);
      await Promise.all(Array.from({ length: BATCH }, (_, k) => shopper(first + k)));
      if (first % 50 === 0) guesses.push((await login('me@example.com', `guess-${first}-at-it`)).statusCode);
    }
    // Every other shopper got in or made an account (their typos and the spray simply failed) ...
    expect(Object.fromEntries(statuses)).toEqual({ 200: OTHERS, 201: OTHERS / 10, 401: 400 });
    // ... and only the guesses at one account were slowed: five free, then each waits longer.
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.filter((s) => s === 429).length).toBeGreaterThan(5);

    // Our shopper signs in on their phone, though their account was being guessed at from this address,
    const mine = await login('me@example.com', PASSWORD, myPhone);
    expect(mine.statusCode).toBe(200);
    // a friend on the same network registers,
    expect((await register('friend@example.com')).statusCode).toBe(201);
    // and another of the 1,000 signs in on a new phone.
    expect((await login('other-999@example.com', PASSWORD)).statusCode).toBe(200);
  }, 180_000);
});
