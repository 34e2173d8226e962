import type { AdminCoupon, CouponList, CouponWriteReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { coupons } from '../../db/schema/shopping';

describe('coupons admin', () => {
  // 20:00 UTC on 10 June is 01:30 on 11 June in India.
  const clock = new ManualClock('2025-06-10T20:00:00.000Z');
  let t: TestApp;
  let other: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    other = await createTestApp({}, { clock, sameDatabaseAs: t });
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/coupons/create-coupon', headers: admin.auth, payload });
  const update = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/coupons/update-coupon/${id}`, headers: admin.auth, payload });
  const list = (app: TestApp, query = '') =>
    app.app.inject({ method: 'GET', url: `/api/coupons/get-coupons${query}`, headers: admin.auth });
  const field = (res: { json(): unknown }) => (res.json() as { fields?: Record<string, string> }).fields;

  it('creates a coupon, upper-cased, valid until the end of its expiry day in India', async () => {
    const res = await create({ code: 'diwali25', discount: 25, usageLimit: 100, expiresAt: '2025-11-05' });
    expect(res.statusCode).toBe(201);
    const body = res.json<CouponWriteReply>();
    expect(body.message).toBe('Coupon created successfully!');
    expect(body.coupon).toMatchObject({
      code: 'DIWALI25',
      discount: 25,
      usageLimit: 100,
      usedCount: 0,
      expiryDate: '2025-11-05',
      expiresAt: '2025-11-05T18:29:59.999Z',
      expired: false,
      welcomeFor: null,
    });
    const never = await create({ code: 'FOREVER5', discount: 5, usageLimit: 1 });
    expect(never.json<CouponWriteReply>().coupon).toMatchObject({ expiresAt: null, expiryDate: null });
    // Today in India (11 June) is still allowed.
    expect(
      (await create({ code: 'TODAY', discount: 5, usageLimit: 1, expiresAt: '2025-06-11' })).statusCode,
    ).toBe(201);
  });

  it('refuses what the rules refuse, naming the field', async () => {
    const valid = { code: 'RULES', discount: 10, usageLimit: 5 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, code: '' }, 'code', 'Coupon code is required'],
      [{ discount: 10, usageLimit: 5 }, 'code', 'Coupon code is required'],
      [{ ...valid, code: 'TWO WORDS' }, 'code', 'Coupon code may hold letters, digits, - and _ only'],
      [{ ...valid, discount: 0 }, 'discount', 'Discount must be 1 to 100'],
      [{ ...valid, discount: 101 }, 'discount', 'Discount must be 1 to 100'],
      [{ ...valid, discount: 12.5 }, 'discount', 'Discount must be a whole number'],
      [{ ...valid, discount: undefined }, 'discount', 'Discount is required'],
      [{ ...valid, usageLimit: 0 }, 'usageLimit', 'Usage limit must be at least 1'],
      [{ ...valid, expiresAt: '2025-02-30' }, 'expiresAt', 'Expiry date must be a date'],
      [{ ...valid, expiresAt: '2025-06-10' }, 'expiresAt', 'Expiry date cannot be in the past'],
    ];
    for (const [payload, name, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(field(res)?.[name], JSON.stringify(payload)).toBe(message);
    }
    const unknown = await create({ ...valid, usedCount: 3 });
    expect(unknown.statusCode).toBe(400);
    // Numbers typed into a form arrive as text, and are read as numbers.
    expect((await create({ code: 'FORMTEXT', discount: '15', usageLimit: '3' })).statusCode).toBe(201);
  });

  it('keeps codes unique whatever their case, on create and on update', async () => {
    expect((await create({ code: 'UNIQUE1', discount: 10, usageLimit: 5 })).statusCode).toBe(201);
    const again = await create({ code: 'unique1', discount: 20, usageLimit: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A coupon with the code UNIQUE1 already exists.');
    const second = (await create({ code: 'UNIQUE2', discount: 10, usageLimit: 5 })).json<CouponWriteReply>();
    const clash = await update(second.coupon._id, { code: 'Unique1', discount: 10, usageLimit: 5 });
    expect(clash.statusCode).toBe(409);
    // Its own code in another case is no clash.
    expect(
      (await update(second.coupon._id, { code: 'unique2', discount: 10, usageLimit: 5 })).statusCode,
    ).toBe(200);
    // Two admins racing for one new code: one gets it.
    const raced = await Promise.all([
      create({ code: 'RACE', discount: 10, usageLimit: 5 }),
      create({ code: 'race', discount: 10, usageLimit: 5 }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('updates a coupon (audited), never below the uses already counted', async () => {
    const { coupon } = (
      await create({ code: 'EDITME', discount: 10, usageLimit: 5 })
    ).json<CouponWriteReply>();
    await t.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, coupon._id));
    const tooLow = await update(coupon._id, { code: 'EDITME', discount: 10, usageLimit: 2 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().message).toBe(
      'This coupon has been used 3 times, so its usage limit cannot be lower than that.',
    );
    const res = await update(coupon._id, {
      code: 'EDITME',
      discount: 15,
      usageLimit: 3,
      expiresAt: '2025-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CouponWriteReply>()).toMatchObject({
      message: 'Coupon updated successfully!',
      coupon: { discount: 15, usageLimit: 3, usedCount: 3, expiryDate: '2025-12-31' },
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, coupon._id));
    expect(entries.map((e) => e.summary)).toEqual([
      'Coupon EDITME: 10% off, 5 uses',
      'Coupon EDITME: discount 10 → 15, usageLimit 5 → 3, expiryDate none → 2025-12-31',
    ]);
    expect(
      (await update('00000000-0000-4000-8000-000000000000', { code: 'X1', discount: 1, usageLimit: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('lists coupons with their uses on every server process, and labels newsletter welcome codes', async () => {
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'reader@example.com' },
    });
    expect(subscribe.statusCode).toBe(200);
    const all = (await list(other)).json<CouponList>();
    const welcome = all.coupons.find((c) => c.welcomeFor === 'reader@example.com');
    expect(welcome).toMatchObject({ discount: 10, usageLimit: 1, usedCount: 0 });
    expect(welcome!.code).toMatch(/^WELCOME-/);
    expect(all.coupons.find((c) => c.code === 'EDITME')).toMatchObject({ usedCount: 3, welcomeFor: null });

    const shopOnly = (await list(t, '?kind=shop')).json<CouponList>();
    expect(shopOnly.coupons.some((c) => c.welcomeFor)).toBe(false);
    expect(shopOnly.total).toBe(all.total - 1);
    const welcomeOnly = (await list(t, '?kind=welcome')).json<CouponList>();
    expect(welcomeOnly.coupons.map((c: AdminCoupon) => c.welcomeFor)).toEqual(['reader@example.com']);
    expect((await list(t, '?search=reader')).json<CouponList>().coupons).toHaveLength(1);
    expect((await list(t, '?kind=other')).statusCode).toBe(400);
  });

  it('deletes a coupon (audited); then it is gone', async () => {
    const { coupon } = (await create({ code: 'GONE', discount: 10, usageLimit: 5 })).json<CouponWriteReply>();
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/coupons/delete-coupon/${id}`, headers: admin.auth });
    const res = await del(coupon._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Coupon deleted successfully!', _id: coupon._id });
    expect((await del(coupon._id)).statusCode).toBe(404);
    expect((await del('nope')).statusCode).toBe(404);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.delete'));
    expect(entry?.summary).toBe('Coupon GONE deleted after 0 uses');
  });
});
