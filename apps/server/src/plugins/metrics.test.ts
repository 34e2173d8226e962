import { type OrderPaymentReply, SANDBOX_CARDS, type SandboxPayReply } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCart, insertProduct, ORDER_BODY, shopper } from '../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../test/helpers';
import { PeriodicJob } from '../lib/periodic-job';

/** The value of one sample in Prometheus's text format (0 when it is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length, line.lastIndexOf(' '));
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('Prometheus metrics on METRICS_PORT', () => {
  let t: TestApp;
  let url: string;
  const scrape = async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsPort: 0, host: '127.0.0.1', catalogueCacheTtlMs: 60_000 });
    url = `http://127.0.0.1:${t.app.metricsAddress()!.port}/metrics`;
  });
  afterAll(async () => t?.close());

  it('are served on their own port only, never on the shop’s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    const text = await scrape();
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('time requests by route pattern and status, never by the raw URL', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/products/:id', status_code: '404' };
    const id = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    const after = await scrape();
    const count = 'http_request_duration_seconds_count';
    expect(sample(after, count, labels) - sample(before, count, labels)).toBe(3);
    expect(after).not.toContain(id);
  });

  it('count the catalogue cache’s hits and misses', async () => {
    const before = await scrape();
    const listing = { cache: 'listings' };
    for (let i = 0; i < 4; i++)
      await t.app.inject({ method: 'GET', url: '/api/products?sort=newest&limit=3' });
    const after = await scrape();
    const name = 'bazaar_cache_requests_total';
    expect(
      sample(after, name, { ...listing, result: 'miss' }) -
        sample(before, name, { ...listing, result: 'miss' }),
    ).toBe(1);
    expect(
      sample(after, name, { ...listing, result: 'hit' }) -
        sample(before, name, { ...listing, result: 'hit' }),
    ).toBe(3);
  });

  it('count orders placed and paid, and payments captured', async () => {
    const before = await scrape();
    const asha = await shopper(t, 'asha.metrics@example.com');
    const lamp = await insertProduct(t.db, { name: 'Lamp', pricePaise: 49_900, countInStock: 3 });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...ORDER_BODY, email: asha.email },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as OrderPaymentReply;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: {
        orderId: order.razorpayOrderId,
        cardNumber: SANDBOX_CARDS.success,
        expiry: '12/30',
        cvv: '123',
      },
    });
    const receipt = paid.json() as SandboxPayReply;
    if (receipt.status !== 'captured') throw new Error(paid.body);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: asha.auth,
      payload: {
        orderId: order.orderId,
        paymentId: receipt.razorpay_payment_id,
        signature: receipt.razorpay_signature,
        razorpayOrderId: receipt.razorpay_order_id,
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('bazaar_orders_placed_total')).toBe(1);
    expect(
      delta('bazaar_order_status_changes_total', { from: 'Pending', to: 'Processing', by: 'system' }),
    ).toBe(1);
    expect(delta('bazaar_payments_total', { outcome: 'captured' })).toBe(1);
  });

  it('count background job rounds by outcome', async () => {
    const before = await scrape();
    let fail = false;
    const job = new PeriodicJob(
      'metrics probe',
      async () => {
        if (fail) throw new Error('probe failed on purpose');
      },
      5,
      t.app.log,
    );
    job.start();
    await expect
      .poll(async () =>
        sample(await scrape(), 'bazaar_job_runs_total', { job: 'metrics probe', outcome: 'ok' }),
      )
      .toBeGreaterThan(0);
    fail = true;
    await expect
      .poll(async () =>
        sample(await scrape(), 'bazaar_job_runs_total', { job: 'metrics probe', outcome: 'failed' }),
      )
      .toBeGreaterThan(0);
    await job.stop();
    expect(sample(before, 'bazaar_job_runs_total', { job: 'metrics probe', outcome: 'ok' })).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('report the PostgreSQL pool’s use', async () => {
    const text = await scrape();
    expect(sample(text, 'bazaar_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'bazaar_db_pool_max')).toBeGreaterThan(0);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no listener', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metricsAddress()).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
