import type { AdminOrder, AdminOrderList, Dashboard, ShopSettings } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualBackground } from '../../../test/background';
import { fillCart, insertProduct, shopper } from '../../../test/fixtures/checkout';
import { payInSandbox, placeOrder } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { testConfig } from '../../config';
import { findOrderById } from '../orders/orders.repo';

const KEYS = { keyId: 'rzp_test_Demo0001', keySecret: 'key-secret-demo', webhookSecret: 'webhook-demo' };

describe('a shop whose payments are simulated (the sandbox) says so everywhere', () => {
  const background = new ManualBackground();
  let sandbox: TestApp;
  let real: TestApp;
  let razorpay: RazorpayServer;
  let admin: Account;

  beforeAll(async () => {
    razorpay = await startRazorpayServer(KEYS);
    sandbox = await createTestApp({}, { background });
    const base = testConfig();
    real = await createTestApp({
      payments: { ...base.payments, provider: 'razorpay' },
      razorpay: { ...base.razorpay, ...KEYS, apiUrl: razorpay.url },
    });
    admin = await signUp(sandbox, 'owner@example.com', { admin: true });
  });
  afterAll(async () => {
    await real?.close();
    await sandbox?.close();
    await razorpay?.close();
  });

  const get = async <T>(t: TestApp, url: string, headers: Record<string, string> = admin.auth) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('tells every page payments are simulated with the sandbox, and not with Razorpay', async () => {
    expect((await get<ShopSettings>(sandbox, '/api/settings', {})).paymentsSimulated).toBe(true);
    expect((await get<ShopSettings>(real, '/api/settings', {})).paymentsSimulated).toBe(false);
  });

  it("marks the sandbox's orders as test orders for the admin (list, detail, CSV) and leaves them out of revenue", async () => {
    const revenueBefore = (await get<Dashboard>(sandbox, '/api/admin/dashboard')).revenue;
    const asha = await shopper(sandbox, 'asha.demo@example.com');
    const lamp = await insertProduct(sandbox.db, { name: 'Lamp', pricePaise: 100_000, countInStock: 5 });
    await fillCart(sandbox.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(sandbox, asha);
    await payInSandbox(sandbox, order.razorpayOrderId);
    await background.flush();
    expect((await findOrderById(sandbox.db, order.orderId))!).toMatchObject({
      status: 'Processing',
      isTest: true,
    });

    const list = await get<AdminOrderList>(sandbox, '/api/orders/all');
    expect(list.orders.find((o) => o._id === order.orderId)).toMatchObject({ isTest: true, isPaid: true });
    expect((await get<AdminOrder>(sandbox, `/api/orders/order/${order.orderId}`)).isTest).toBe(true);
    const csv = await sandbox.app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv',
      headers: admin.auth,
    });
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    const column = header!.indexOf('test_order');
    expect(column).toBeGreaterThan(-1);
    expect(rows.find((r) => r[0] === order.orderId)![column]).toBe('yes');

    const dashboard = await get<Dashboard>(sandbox, '/api/admin/dashboard');
    expect(dashboard.revenue).toBe(revenueBefore);
    expect(dashboard.recentOrders.find((o) => o._id === order.orderId)).toMatchObject({ isTest: true });
  });

  it('places real orders through Razorpay', async () => {
    const ravi = await shopper(real, 'ravi.real@example.com');
    const mug = await insertProduct(real.db, { name: 'Mug', pricePaise: 30_000, countInStock: 5 });
    await fillCart(real.db, ravi.id, [{ productId: mug, quantity: 1 }]);
    const order = await placeOrder(real, ravi);
    expect((await findOrderById(real.db, order.orderId))!.isTest).toBe(false);
  });
});
