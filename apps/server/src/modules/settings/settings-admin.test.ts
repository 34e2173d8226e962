import type { AuditLogReply, ShopSettings } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { pngPicture, svgWithScript } from '../../../test/images';
import { type FilePart, multipartEntries } from '../../../test/multipart';

describe('PUT /api/settings', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({}, { sameDatabaseAs: t });
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const save = async (fields: Record<string, string>, logo?: FilePart) => {
    const entries: [string, string | FilePart][] = Object.entries(fields);
    if (logo) entries.push(['logo', logo]);
    const body = await multipartEntries(entries);
    return t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
  };
  const read = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/settings' })).json() as ShopSettings;

  it("saves the spec's form with a logo; every process reads it at once", async () => {
    const res = await save(
      {
        name: 'Kirana Corner',
        email: 'Help@Kirana.example',
        phone: '+91 80 1234 5678',
        address: '1 MG Road, Bengaluru',
        primaryColor: '#0f766e',
        returnPolicy: 'Returns within 7 days.',
        shippingPolicy: '',
        privacyPolicy: 'We keep only what we need.',
        googleAnalyticsId: 'g-abc123xyz',
      },
      await pngPicture(1200, 400),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as ShopSettings;
    expect(saved).toMatchObject({
      name: 'Kirana Corner',
      email: 'help@kirana.example',
      primaryColor: '#0f766e',
      shippingPolicy: null,
      googleAnalyticsId: 'G-ABC123XYZ',
      // The default delivery zone's, which this form no longer edits.
      shippingFee: 50,
      freeShippingThreshold: 140,
    });
    expect(saved.logo).toMatch(/^\/uploads\/shop\/logo-[0-9a-f]+\.webp$/);
    expect(await read(other)).toEqual(saved);
    const logo = await t.app.inject({ method: 'GET', url: saved.logo! });
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('keeps fields left out, replaces the logo (the old file goes) and can remove it', async () => {
    const before = await read(t);
    const replaced = (
      await save({ name: 'Kirana Corner 2' }, await pngPicture(200, 200))
    ).json() as ShopSettings;
    expect(replaced).toMatchObject({
      name: 'Kirana Corner 2',
      email: 'help@kirana.example',
      primaryColor: '#0f766e',
    });
    expect(replaced.logo).not.toBe(before.logo);
    expect(await t.deps.storage.get(before.logo!.replace('/uploads/', ''))).toBeUndefined();
    const removed = (await save({ removeLogo: 'true' })).json() as ShopSettings;
    expect(removed.logo).toBeNull();
  });

  it('validates the colour, the analytics id and the email; refuses unknown fields (the delivery figures now too) and non-images', async () => {
    const bad = await save({
      primaryColor: 'red',
      googleAnalyticsId: "G-1'><script>",
      email: 'not-an-email',
      name: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'email',
      'googleAnalyticsId',
      'name',
      'primaryColor',
    ]);
    expect((await save({ isAdmin: 'true' })).json().fields).toEqual({ isAdmin: 'Unknown field' });
    // The delivery figures are the default zone's, edited on the Delivery zones screen.
    expect((await save({ shippingFee: '40', freeShippingThreshold: '499' })).json().fields).toEqual({
      shippingFee: 'Unknown field',
      freeShippingThreshold: 'Unknown field',
    });
    expect((await save({}, svgWithScript)).statusCode).toBe(415);
    expect((await read(t)).name).toBe('Kirana Corner 2');
  });

  it('sets how unpaid orders hold stock: the window (empty: the server’s default) and the hold limits', async () => {
    const saved = (
      await save({
        holdWindowMinutes: '15',
        holdLimitUnits: '3',
        holdLimitPercent: '20',
        holdAddressMultiple: '6',
      })
    ).json() as ShopSettings;
    expect(saved).toMatchObject({
      holdWindowMinutes: 15,
      defaultHoldWindowMinutes: 30,
      holdLimitUnits: 3,
      holdLimitPercent: 20,
      holdAddressMultiple: 6,
    });
    expect(await other.services.settings.holdRules()).toEqual({
      windowMs: 15 * 60_000,
      unitsPerShopper: 3,
      percentPerShopper: 20,
      addressMultiple: 6,
    });
    const bad = await save({
      holdWindowMinutes: '2',
      holdLimitUnits: '0',
      holdLimitPercent: '101',
      holdAddressMultiple: '1.5',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      holdWindowMinutes: 'Payment window (minutes) must be 5 to 10080',
      holdLimitUnits: 'Units one shopper may hold must be 1 to 100000',
      holdLimitPercent: 'Share of stock one shopper may hold must be 0 to 100',
      holdAddressMultiple: 'Shoppers on one internet connection must be a whole number',
    });
    const reset = (await save({ holdWindowMinutes: '' })).json() as ShopSettings;
    expect(reset).toMatchObject({ holdWindowMinutes: null, holdLimitUnits: 3 });
    expect((await t.services.settings.holdRules()).windowMs).toBe(30 * 60_000);
    await save({ holdLimitUnits: '5', holdLimitPercent: '10', holdAddressMultiple: '4' });
  });

  it('records each save in the audit log, readable by admins page by page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?entity=settings&limit=2',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const log = res.json() as AuditLogReply;
    expect(log).toMatchObject({ total: 6, page: 1, pages: 3 });
    expect(log.entries[0]).toMatchObject({
      action: 'settings.update',
      actor: { _id: admin.id, email: 'admin@example.com' },
      summary: 'Changed holdLimitUnits, holdLimitPercent, holdAddressMultiple',
      before: { holdLimitUnits: 3, holdLimitPercent: 20, holdAddressMultiple: 6 },
      after: { holdLimitUnits: 5, holdLimitPercent: 10, holdAddressMultiple: 4 },
    });
    const logo = (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/audit-log?entity=settings&limit=2&page=2',
          headers: admin.auth,
        })
      ).json() as AuditLogReply
    ).entries;
    expect(logo[1]).toMatchObject({
      summary: 'Changed logo',
      before: { logo: expect.stringMatching(/^\/uploads\/shop\//) },
      after: { logo: null },
    });
    expect(log.entries[1]).toMatchObject({
      summary: 'Changed holdWindowMinutes',
      after: { holdWindowMinutes: null },
    });
  });
});
