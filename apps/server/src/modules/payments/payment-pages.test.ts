import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { testConfig } from '../../config';

describe('the payment window on the app pages', () => {
  let webDist: string;
  const apps: TestApp[] = [];
  const policy = async (t: TestApp, url: string) =>
    String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bazaar</title>');
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("allows exactly Razorpay's checkout hosts on app pages while Razorpay is the provider, and none with the sandbox", async () => {
    const sandbox = await createTestApp({ webDist });
    apps.push(sandbox);
    expect(await policy(sandbox, '/cart/checkout')).not.toContain('razorpay');
    const base = testConfig();
    const razorpay = await createTestApp({
      webDist,
      payments: { ...base.payments, provider: 'razorpay' },
      razorpay: { ...base.razorpay, keyId: 'rzp_test_X', keySecret: 'secret', webhookSecret: 'hook' },
    });
    apps.push(razorpay);
    for (const url of ['/cart/checkout', '/orders']) {
      const csp = await policy(razorpay, url);
      expect(csp).toContain("script-src 'self' https://checkout.razorpay.com;");
      expect(csp).toContain(
        "frame-src 'self' https://www.openstreetmap.org https://api.razorpay.com https://checkout.razorpay.com;",
      );
    }
    expect(await policy(razorpay, '/api/health')).not.toContain('razorpay');
    // Razorpay has no sandbox pages.
    expect(
      (await razorpay.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?order_id=x' }))
        .statusCode,
    ).toBe(404);
  });

  it("serves the sandbox's payment page with the shop's name and the amount, framable by the shop's own pages only", async () => {
    const t = apps[0]!;
    const order = await t.deps.payments.createOrder({ amountPaise: 123_450, receipt: 'r1' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout?order_id=${order.id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Bazaar');
    expect(page.body).toContain('₹1,234.50');
    expect(page.body).toContain('4111 1111 1111 1111');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const script = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?order_id=order_nope' }))
        .statusCode,
    ).toBe(404);

    const pay = (cardNumber: string, expiry = '12/30', cvv = '123') =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        payload: { orderId: order.id, cardNumber, expiry, cvv },
      });
    expect((await pay('4242 4242 4242 4242')).json().message).toMatch(/use the card 4111 1111 1111 1111/);
    expect((await pay('4111111111111111', '01/20')).json().message).toBe('This card has expired.');
    expect((await pay('4111111111111111', '12/30', '12')).statusCode).toBe(400);
    const paid = await pay('4111 1111 1111 1111');
    expect(paid.json()).toMatchObject({ status: 'captured', razorpay_order_id: order.id });
    const again = await pay('4111 1111 1111 1111');
    expect(again.json().message).toBe('This order is already paid.');
  });
});
