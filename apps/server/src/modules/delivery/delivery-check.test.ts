import { DELIVERY_MESSAGES } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { defaultZoneBody, deliveryCalls, zoneBody } from '../../../test/fixtures/delivery';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { inTransaction } from '../../db/transaction';

describe('GET /api/delivery/check and DeliveryService.quote', () => {
  let t: TestApp;
  let admin: Account;
  let calls: ReturnType<typeof deliveryCalls>;
  // Tuesday 1 December 2026, 10:00 in India: before the 14:00 cut-off.
  const clock = new ManualClock('2026-12-01T04:30:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    calls = deliveryCalls(() => t.app, admin.auth);
  });
  afterAll(async () => t?.close());

  it('answers from the default zone before any zone exists: today’s ₹50, free from ₹140, everywhere', async () => {
    expect(await calls.check('400001')).toEqual({
      pincode: '400001',
      deliverable: true,
      fee: 50,
      freeAbove: 140,
      cod: false,
      earliest: '2026-12-04',
      deliverBy: '2026-12-09',
      message: 'Delivers by Wed, 9 Dec',
    });
  });

  it('refuses what is not a pincode with a clear 400', async () => {
    for (const bad of ['40001', '4000011', '012345', 'abcdef', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: `Invalid pincode: ${DELIVERY_MESSAGES.invalidPincode}`,
        fields: { pincode: DELIVERY_MESSAGES.invalidPincode },
      });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/delivery/check' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ pincode: DELIVERY_MESSAGES.invalidPincode });
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/delivery/check?pincode=400001&pincode=400002',
    });
    expect(twice.statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'GET', url: '/api/delivery/check?pincode=400001&zone=x' });
    expect(extra.statusCode).toBe(400);
  });

  it('answers with the zone that lists the pincode: its fee rule, its dates and its cash on delivery', async () => {
    await calls.zone(
      zoneBody({ name: 'Mumbai', pincodes: ['400'], fee: 40, freeAbove: 499, minDays: 1, maxDays: 2 }),
    );
    await calls.zone(
      zoneBody({
        name: 'Mumbai express',
        pincodes: ['400001-400099'],
        fee: 80,
        freeAbove: null,
        minDays: 0,
        maxDays: 1,
      }),
    );
    await calls.zone(
      zoneBody({ name: 'Nariman Point', pincodes: ['400021'], fee: 0, freeAbove: null, cod: false }),
    );
    expect(await calls.check('400050')).toMatchObject({
      deliverable: true,
      fee: 80,
      freeAbove: null,
      cod: true,
      earliest: '2026-12-01',
      deliverBy: '2026-12-02',
      message: 'Delivers by Wed, 2 Dec',
    });
    expect(await calls.check('400021')).toMatchObject({ fee: 0, cod: false });
    expect(await calls.check('400601')).toMatchObject({ fee: 40, freeAbove: 499, deliverBy: '2026-12-03' });
    expect(await calls.check('110001')).toMatchObject({ fee: 50, freeAbove: 140, cod: false });
  });

  it('counts from the next business day after the cut-off, and skips Sunday and the holidays', async () => {
    // Saturday 5 December, 15:00 India (the admin's session is signed in on the 1st: it writes first).
    const toSaturday = 4 * 24 * 3600_000 + 5 * 3600_000;
    const onSaturday = async (pincode: string) => {
      clock.advance(toSaturday);
      try {
        return await calls.check(pincode);
      } finally {
        clock.advance(-toSaturday);
      }
    };
    const calendar = await calls.calendar({
      businessDays: 'mon-sat',
      cutoff: '14:00',
      holidays: ['2026-12-08'],
    });
    expect(calendar.statusCode).toBe(200);
    // Dispatched Monday the 7th; Tuesday the 8th is a holiday.
    expect(await onSaturday('400601')).toMatchObject({ earliest: '2026-12-09', deliverBy: '2026-12-10' });
    await calls.calendar({ businessDays: 'mon-fri', cutoff: '16:00', holidays: [] });
    // Saturday is no business day Mon–Fri, whatever the cut-off: dispatched Monday, 1–2 days.
    expect(await onSaturday('400601')).toMatchObject({ earliest: '2026-12-08', deliverBy: '2026-12-09' });
    await calls.calendar({ businessDays: 'mon-sat', cutoff: '16:00', holidays: [] });
    // Mon–Sat with a 16:00 cut-off: Saturday 15:00 leaves the same day.
    expect(await onSaturday('400601')).toMatchObject({ earliest: '2026-12-07', deliverBy: '2026-12-08' });
    await calls.calendar({ businessDays: 'mon-sat', cutoff: '14:00', holidays: [] });
  });

  it('says it does not deliver outside every zone once the default zone stops delivering there', async () => {
    expect((await calls.defaultZone(defaultZoneBody({ deliversOutside: false }))).statusCode).toBe(200);
    expect(await calls.check('110001')).toEqual({
      pincode: '110001',
      deliverable: false,
      message: 'Does not deliver to this pincode',
    });
    expect(await calls.check('400601')).toMatchObject({ deliverable: true, fee: 40 });
    await calls.defaultZone(defaultZoneBody());
    expect(await calls.check('110001')).toMatchObject({ deliverable: true, fee: 50 });
  });

  it('quotes checkout the zone, the fee on the order’s amount, the dates and COD, inside its transaction', async () => {
    const now = clock.now();
    const mumbai = await t.services.delivery.quote(t.db, '400601', 30_000, now);
    expect(mumbai).toMatchObject({
      deliverable: true,
      zone: { name: 'Mumbai', isDefault: false },
      feeRule: { feePaise: 4_000, freeAbovePaise: 49_900 },
      feePaise: 4_000,
      cod: true,
      dates: { dispatch: '2026-12-01', earliest: '2026-12-02', latest: '2026-12-03' },
    });
    const free = await t.services.delivery.quote(t.db, '400601', 49_900, now);
    expect(free.deliverable ? free.feePaise : -1).toBe(0);
    const elsewhere = await t.services.delivery.quote(t.db, '799001', 10_000, now);
    expect(elsewhere).toMatchObject({
      deliverable: true,
      zone: { name: 'Rest of India', isDefault: true },
      feePaise: 5_000,
    });
    // Inside a transaction that turns the default zone off, the quote sees what the transaction sees.
    await inTransaction(t.db, async (tx) => {
      await tx.execute(`update delivery_settings set revision = revision + 1`);
      await tx.execute(`update delivery_zones set delivers = false where is_default`);
      expect(await t.services.delivery.quote(tx, '799001', 10_000, now)).toEqual({
        deliverable: false,
        zone: null,
      });
      expect((await t.services.delivery.quote(tx, '400601', 10_000, now)).deliverable).toBe(true);
      tx.rollback();
    }).catch(() => {});
    expect((await t.services.delivery.quote(t.db, '799001', 10_000, now)).deliverable).toBe(true);
    await expect(t.services.delivery.quote(t.db, '40060', 10_000, now)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('prices the cart without a pincode by the default zone (the one source of the delivery figures)', async () => {
    await calls.defaultZone(defaultZoneBody({ fee: 65.5, freeAbove: '' }));
    expect(await t.services.settings.pricing()).toEqual({
      shippingFeePaise: 6_550,
      freeShippingThresholdPaise: null,
      taxPercent: 10,
    });
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settings).toMatchObject({ shippingFee: 65.5, freeShippingThreshold: null });
    // The check says what is charged: whole rupees.
    expect(await calls.check('799001')).toMatchObject({ fee: 66, freeAbove: null });
    await calls.defaultZone(defaultZoneBody());
  });
});
