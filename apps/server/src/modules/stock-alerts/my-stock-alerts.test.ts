import type { MyStockAlertList } from '@bazaar/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertVariantProduct, variantKey, variantsOf } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { stockAlerts } from '../../db/schema/stock-alerts';

// My alerts: a signed-in shopper's own back-in-stock alerts, listed and removed one by one.

let t: TestApp;
let asha: Account;
let ravi: Account;
let product: string;
const variant: Record<string, string> = {};
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  asha = await signUp(t, 'asha@example.com');
  ravi = await signUp(t, 'ravi@example.com');
  product = await insertVariantProduct(
    t.db,
    { name: 'Cotton Kurta', pricePaise: 99_900, colours: ['blue'], sizes: ['S', 'M', 'L'] },
    { 'blue/S': 5 },
  );
  for (const v of await variantsOf(t.db, product)) variant[variantKey(v)] = v.id;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { 'x-forwarded-for': `198.51.100.${++ip}`, ...(who?.auth ?? {}) },
    ...(payload ? { payload } : {}),
  });
const mine = async (who: Account) =>
  (await call('GET', '/stock-alerts/mine', who)).json() as MyStockAlertList;

describe('My alerts', () => {
  it('lists the shopper’s own alerts, newest first, with product, options and status', async () => {
    expect((await call('POST', '/stock-alerts', asha, { variantId: variant['blue/M'] })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/stock-alerts', asha, { variantId: variant['blue/L'] })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/stock-alerts', ravi, { variantId: variant['blue/M'] })).statusCode).toBe(
      200,
    );
    // A guest's alert for Asha's address is not her account's: it stays out of her list.
    await call('POST', '/stock-alerts', undefined, {
      variantId: variant['blue/L'],
      email: 'other@example.com',
    });

    const list = await mine(asha);
    expect(list.alerts.map((a) => [a.productName, a.colour, a.size, a.status])).toEqual([
      ['Cotton Kurta', 'blue', 'L', 'active'],
      ['Cotton Kurta', 'blue', 'M', 'active'],
    ]);
    expect(list.alerts[0]).toMatchObject({ productId: product, createdAt: expect.any(String) });
    expect((await mine(ravi)).alerts).toHaveLength(1);
  });

  it('shows a sent alert as sent once its variant is restocked', async () => {
    await t.db.execute(
      sql`select inventory_move(${variant['blue/L']!}::uuid, 2, 'adjustment'::inventory_reason, null, null)`,
    );
    await t.services.stockAlerts.runDue();
    expect((await mine(asha)).alerts.map((a) => [a.size, a.status])).toEqual([
      ['L', 'sent'],
      ['M', 'active'],
    ]);
  });

  it('removes one of the shopper’s alerts; another’s, an unknown or a removed one is a 404', async () => {
    const [, medium] = (await mine(asha)).alerts;
    const ravis = (await mine(ravi)).alerts[0]!;
    expect((await call('DELETE', `/stock-alerts/mine/${ravis.id}`, asha)).statusCode).toBe(404);
    expect((await call('DELETE', '/stock-alerts/mine/not-an-id', asha)).statusCode).toBe(400);

    const res = await call('DELETE', `/stock-alerts/mine/${medium!.id}`, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Alert removed: we will not email you about it.' });
    expect((await mine(asha)).alerts.map((a) => a.size)).toEqual(['L']);
    const [row] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, medium!.id));
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    expect((await call('DELETE', `/stock-alerts/mine/${medium!.id}`, asha)).statusCode).toBe(404);
    // Ravi's is untouched.
    expect((await mine(ravi)).alerts).toHaveLength(1);
  });

  it('needs a signed-in shopper', async () => {
    expect((await call('GET', '/stock-alerts/mine')).statusCode).toBe(401);
    expect((await call('DELETE', `/stock-alerts/mine/${variant['blue/M']}`)).statusCode).toBe(401);
  });
});
