import { COUPON_MESSAGES, type CouponCheckReply } from '@bazaar/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { insertCoupon } from '../../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { testConfig } from '../../config';
import { DEVICE_COOKIE } from '../../lib/device-id';
import { COUPON_GUESSES_MESSAGE } from './coupon-check.service';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/** The device cookie a reply set, as the browser sends it back. */
function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie was set');
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

const check = (
  t: TestApp,
  coupon: unknown,
  { ip = '203.0.113.7', cookie }: { ip?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupons/check',
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: { coupon },
  });

describe('POST /coupons/check: a guest’s coupon for the cart in the browser', () => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  // Two processes on one database: the counts are the database's, so neither process gives more.
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const limits = { ...testConfig().limits, couponChecksPerDevice: 4, couponChecksPerAddress: 9 };
    a = await createTestApp({ limits }, { clock });
    b = await createTestApp({ limits }, { clock, sameDatabaseAs: a });
    const now = clock.now().getTime();
    await insertCoupon(a.db, { code: 'GUEST15', discount: 15, expiresAt: new Date(now + 30 * DAY) });
    await insertCoupon(a.db, { code: 'FOREVER5', discount: 5 });
    await insertCoupon(a.db, { code: 'ENDED20', discount: 20, expiresAt: new Date(now - DAY) });
    const full = await insertCoupon(a.db, { code: 'GONE10', discount: 10, usageLimit: 2 });
    await a.db.execute(`update coupons set used_count = 2 where id = '${full}'`);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers a usable code, whatever its case, with its percent and end; a device cookie comes with it', async () => {
    const res = await check(a, ' guest15 ', { ip: '198.51.100.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CouponCheckReply>()).toEqual({
      code: 'GUEST15',
      discount: 15,
      expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
    });
    expect(deviceCookie(res)).toMatch(/^bazaar_device=/);
    const forever = await check(b, 'FOREVER5', { ip: '198.51.100.1' });
    expect(forever.json<CouponCheckReply>()).toEqual({ code: 'FOREVER5', discount: 5, expiresAt: null });
  });

  it('refuses with the cart’s own messages: expired 400, no redemptions left 409, unknown 404, none typed 400', async () => {
    const cases: [string, number, string][] = [
      ['ended20', 400, COUPON_MESSAGES.expired],
      ['GONE10', 409, COUPON_MESSAGES.usedUp],
      ['NOSUCHCODE', 404, COUPON_MESSAGES.notFound],
      ['   ', 400, COUPON_MESSAGES.required],
    ];
    for (const [code, status, message] of cases) {
      const res = await check(a, code, { ip: '198.51.100.2' });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message, code).toContain(message);
    }
  });

  it('bounds one browser’s guesses, found or not, across processes; another browser on the address goes on', async () => {
    const ip = '198.51.100.3';
    const first = await check(a, 'TRY1', { ip });
    const cookie = deviceCookie(first);
    expect(first.statusCode).toBe(404);
    expect((await check(b, 'GUEST15', { ip, cookie })).statusCode).toBe(200);
    expect((await check(a, 'TRY2', { ip, cookie })).statusCode).toBe(404);
    expect((await check(b, 'TRY3', { ip, cookie })).statusCode).toBe(404);
    const refused = await check(a, 'GUEST15', { ip, cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COUPON_GUESSES_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A new browser on the same address has its own count.
    expect((await check(b, 'GUEST15', { ip })).statusCode).toBe(200);
    // The hour passes: the browser may check again.
    clock.advance(HOUR);
    expect((await check(a, 'GUEST15', { ip, cookie })).statusCode).toBe(200);
  });

  it('bounds an address whose guesser drops its cookie each time', async () => {
    clock.advance(HOUR);
    const ip = '2001:db8:1:2::10';
    for (let i = 0; i < 9; i++) {
      // A fresh browser each time, and another host of the same IPv6 /64 now and then.
      const res = await check(i % 2 ? b : a, `GUESS${i}`, { ip: i % 3 ? ip : '2001:db8:1:2::99' });
      expect(res.statusCode, `guess ${i}`).toBe(404);
    }
    const refused = await check(a, 'GUEST15', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COUPON_GUESSES_MESSAGE);
    // Another network is not held by it.
    expect((await check(b, 'GUEST15', { ip: '2001:db8:9:9::1' })).statusCode).toBe(200);
  });
});
