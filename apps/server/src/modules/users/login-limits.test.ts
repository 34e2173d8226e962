import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEVICE_COOKIE } from '../../lib/device-id';

const PASSWORD = 'amber-tiger-canal-7';

/** The device cookie a reply set, as a browser would send it back. */
function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie was set');
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

function login(t: TestApp, email: string, password: string, ip: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
}

function register(t: TestApp, email: string, ip: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: { name: 'Shopper', email, password: PASSWORD, phoneNumber: '6' },
  });
}

describe('login limits: a progressive delay per account, shared by every process, that never keeps the owner out on their own device', () => {
  const clock = new ManualClock('2026-04-01T08:00:00.000Z');
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const authLimits = { loginPerAddress: { free: 30 }, registerPerAddress: { free: 8 } };
    a = await createTestApp({ authLimits }, { clock });
    b = await createTestApp({ authLimits }, { clock, sameDatabaseAs: a });
    for (const email of ['owner@example.com', 'second@example.com', 'third@example.com']) {
      expect((await register(a, email, '192.0.2.250')).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts failures for an account across two processes, then makes each further try wait longer', async () => {
    // Five failures, alternating between the processes and coming from five addresses.
    for (let i = 0; i < 5; i++) {
      const res = await login(i % 2 ? b : a, 'second@example.com', `guess-number-${i}`, `198.51.100.${i}`);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    // The sixth waits 30 seconds, on either process; a refused try does not make the wait longer.
    for (const t of [a, b, a]) {
      const refused = await login(t, 'second@example.com', PASSWORD, '198.51.100.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
    }
    clock.advance(30_000);
    expect((await login(b, 'second@example.com', 'guess-number-6', '198.51.100.9')).statusCode).toBe(401);
    // Then 60 seconds, then 120: a delay that grows, not a lock that renews.
    const next = await login(a, 'second@example.com', 'guess-number-7', '198.51.100.9');
    expect([next.statusCode, next.headers['retry-after']]).toEqual([429, '60']);
    clock.advance(60_000);
    expect((await login(a, 'second@example.com', 'guess-number-8', '198.51.100.9')).statusCode).toBe(401);
    const after = await login(b, 'second@example.com', PASSWORD, '198.51.100.9');
    expect([after.statusCode, after.headers['retry-after']]).toEqual([429, '120']);
    // Once the wait is over, the right password gets in and the count starts again.
    clock.advance(120_000);
    expect((await login(b, 'second@example.com', PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    expect((await login(a, 'second@example.com', 'guess-number-9', '198.51.100.10')).statusCode).toBe(401);
  });

  it("lets the owner in from a device they signed in with before, even from the attacker's own address", async () => {
    const home = '203.0.113.7';
    // The owner signs in once; the reply gives the browser its device cookie.
    const first = await login(a, 'owner@example.com', PASSWORD, home);
    expect(first.statusCode).toBe(200);
    const ownersPhone = deviceCookie(first);
    // A stranger on the same carrier address (no cookie, or a fresh one each time) hammers the account.
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const res = await login(i % 2 ? a : b, 'owner@example.com', `nope-${i}-guess`, home);
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(3);
    // The owner's phone is not kept out, on either process, from that address or any other.
    expect((await login(b, 'owner@example.com', PASSWORD, home, ownersPhone)).statusCode).toBe(200);
    expect((await login(a, 'owner@example.com', PASSWORD, '198.51.100.66', ownersPhone)).statusCode).toBe(
      200,
    );
    // A device the account has never seen waits like anybody else ...
    expect((await login(a, 'owner@example.com', PASSWORD, home)).statusCode).toBe(429);
    // ... and so does a forged cookie, or the cookie of a device that signed in to another account.
    const forged = `${ownersPhone.slice(0, -4)}AAAA`;
    expect((await login(a, 'owner@example.com', PASSWORD, home, forged)).statusCode).toBe(429);
    const others = deviceCookie(await login(a, 'third@example.com', PASSWORD, home));
    expect((await login(b, 'owner@example.com', PASSWORD, home, others)).statusCode).toBe(429);
  });

  it('gives a known device its own count for the account: guessing from a stolen cookie stops after five', async () => {
    const first = await login(a, 'third@example.com', PASSWORD, '203.0.113.20');
    const laptop = deviceCookie(first);
    for (let i = 0; i < 5; i++) {
      expect(
        (await login(i % 2 ? a : b, 'third@example.com', `wrong-${i}-pass`, '203.0.113.20', laptop))
          .statusCode,
      ).toBe(401);
    }
    const refused = await login(a, 'third@example.com', PASSWORD, '203.0.113.20', laptop);
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '30']);
    // The account's own count (for unknown devices) was never touched.
    expect((await login(b, 'third@example.com', PASSWORD, '203.0.113.21')).statusCode).toBe(200);
  });

  it('caps failed logins per address per hour, whatever the account, and forgets them when the hour is up', async () => {
    const flooded = '198.51.100.200';
    const ownersPhone = deviceCookie(await login(a, 'second@example.com', PASSWORD, '203.0.113.30'));
    // 30 failures against 30 accounts (none of them reaching an account's own limit).
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000);
      expect(
        (await login(i % 2 ? a : b, `nobody-${i}@example.com`, 'not-it-at-all', flooded)).statusCode,
      ).toBe(401);
    }
    const capped = await login(a, 'nobody-x@example.com', 'not-it-at-all', flooded);
    expect([capped.statusCode, capped.headers['retry-after']]).toEqual([429, '60']);
    // A device that signed in before is not held by its address's cap.
    expect((await login(b, 'second@example.com', PASSWORD, flooded, ownersPhone)).statusCode).toBe(200);
    // The cap is an hour from the first failure, not an hour of quiet.
    clock.advance(31 * 60_000);
    expect((await login(a, 'second@example.com', PASSWORD, flooded)).statusCode).toBe(200);
  });

  it('limits registrations per device and per address across processes', async () => {
    const phone = deviceCookie(await register(a, 'first-bot@example.com', '198.51.100.150'));
    // The device registered once; nine more, from addresses of their own.
    for (let i = 0; i < 9; i++) {
      expect(
        (await register(i % 2 ? a : b, `bot-${i}@example.com`, `198.51.100.${160 + i}`, phone)).statusCode,
      ).toBe(201);
    }
    const eleventh = await register(b, 'bot-10@example.com', '198.51.100.170', phone);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many attempts. Please try again in 1 minute.');

    // Per address (8 in this test's configuration), with or without cookies.
    for (let i = 0; i < 8; i++) {
      expect((await register(i % 2 ? a : b, `many-${i}@example.com`, '198.51.100.201')).statusCode).toBe(201);
    }
    expect((await register(a, 'many-8@example.com', '198.51.100.201')).statusCode).toBe(429);

    const forgot = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        headers: { 'x-forwarded-for': '198.51.100.202' },
        payload: { email: 'third@example.com' },
      });
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await forgot(a)).statusCode).toBe(429);
    expect((await forgot(b)).statusCode).toBe(429);
  });
});
