import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { shopSettings } from '../../db/schema/content';
import { deliveryZones } from '../../db/schema/delivery';

describe('GET /api/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the defaults on a shop nobody has configured: ₹50 delivery, free from ₹140 (the default zone migration 0020 made)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Bazaar',
      primaryColor: '#2563eb',
      logo: null,
      returnPolicy: null,
      googleAnalyticsId: null,
      shippingFee: 50,
      freeShippingThreshold: 140,
    });
    expect(await t.app.services.settings.pricing()).toEqual({
      shippingFeePaise: 5000,
      freeShippingThresholdPaise: 14000,
      taxPercent: 10,
    });
  });

  it('answers what the settings row holds, and the default delivery zone’s figures, in rupees, with the logo as a URL', async () => {
    await t.db.insert(shopSettings).values({
      name: 'Kirana Corner',
      logo: 'shop/logo.webp',
      privacyPolicy: 'We keep only what we need.',
    });
    await t.db
      .update(deliveryZones)
      .set({ feePaise: 4_950, freeAbovePaise: 49_900 })
      .where(eq(deliveryZones.isDefault, true));
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(body).toMatchObject({
      name: 'Kirana Corner',
      logo: '/uploads/shop/logo.webp',
      shippingFee: 49.5,
      freeShippingThreshold: 499,
      privacyPolicy: 'We keep only what we need.',
    });
    expect((await t.app.services.settings.pricing()).freeShippingThresholdPaise).toBe(49_900);
    await t.db.update(deliveryZones).set({ freeAbovePaise: null }).where(eq(deliveryZones.isDefault, true));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().freeShippingThreshold,
    ).toBeNull();
    expect((await t.app.services.settings.pricing()).freeShippingThresholdPaise).toBeNull();
  });

  it('is one row, and the database refuses negative delivery figures', async () => {
    await expect(t.db.insert(shopSettings).values({ id: 2, name: 'Second' })).rejects.toThrow();
    await expect(
      t.db.update(deliveryZones).set({ feePaise: -1 }).where(eq(deliveryZones.isDefault, true)),
    ).rejects.toThrow();
  });
});
