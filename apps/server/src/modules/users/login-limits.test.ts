import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';

const PASSWORD = 'amber-tiger-canal-7';

function login(t: TestApp, email: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email, password },
  });
}

describe('login limits: a progressive delay, shared by every process, that never locks the owner out at home', () => {
  const clock = new ManualClock('2026-04-01T08:00:00.000Z');
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({}, { clock });
    b = await createTestApp({}, { clock, sameDatabaseAs: a });
    for (const email of ['owner@example.com', 'second@example.com', 'third@example.com']) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'x-forwarded-for': '192.0.2.250' },
        payload: { name: 'Owner', email, password: PASSWORD, phoneNumber: '5' },
      });
      expect(res.statusCode).toBe(201);
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

  it("lets the owner in from an address they signed in from before, while a stranger's failures pile up", async () => {
    // The owner signs in at home once.
    expect((await login(a, 'owner@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(200);
    // A stranger hammers the account from elsewhere until it has to wait.
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const res = await login(i % 2 ? a : b, 'owner@example.com', `nope-${i}-guess`, '198.51.100.77');
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    // The owner, at home, is not kept out, on either process.
    expect((await login(b, 'owner@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(200);
    expect((await login(a, 'owner@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(200);
    // From an address the account has never used, the owner waits like anybody else.
    expect((await login(a, 'owner@example.com', PASSWORD, '203.0.113.99')).statusCode).toBe(429);
  });

  it('limits registrations and reset requests per address across processes', async () => {
    const register = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'x-forwarded-for': '198.51.100.200' },
        payload: { name: 'Bot', email: `bot-${i}@example.com`, password: PASSWORD, phoneNumber: '6' },
      });
    for (let i = 0; i < 10; i++) expect((await register(i % 2 ? a : b, i)).statusCode).toBe(201);
    const eleventh = await register(a, 10);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many attempts. Please try again in 1 minute.');
    expect((await register(b, 11)).statusCode).toBe(429);

    const forgot = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        headers: { 'x-forwarded-for': '198.51.100.201' },
        payload: { email: 'third@example.com' },
      });
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await forgot(a)).statusCode).toBe(429);
    expect((await forgot(b)).statusCode).toBe(429);
  });
});
