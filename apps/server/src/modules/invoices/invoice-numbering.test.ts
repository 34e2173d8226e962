import {
  formatHalfRate,
  formatRate,
  type OrderPaymentReply,
  parseDocumentNumber,
  pincodeStates,
  SANDBOX_CARDS,
  type SandboxPayReply,
  STATE_CODES,
  stateWithCode,
} from '@bazaar/shared';
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { type TestApp, twoProcesses } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { invoices } from '../../db/schema/invoices';

const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
/** Orders per state: 2 × 36. With TEST_DATABASE_URL this runs on PostgreSQL, else PGlite. */
const PER_STATE = 2;

/** A pincode India Post gives only to this state. */
function pincodeOf(code: string): string {
  for (let n = 110_001; n < 900_000; n += 1) {
    const states = pincodeStates(String(n));
    if (states.length === 1 && states[0] === code) return String(n);
  }
  throw new Error(`no pincode for ${code}`);
}

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('invoice numbers when two app instances settle orders to every state at once', () => {
  const apps = twoProcesses();
  let lamp: string;
  const shoppers: { account: Account; addressId: string; stateCode: string }[] = [];

  beforeAll(async () => {
    const t: TestApp = apps.a;
    const admin = await signUp(t, 'admin@example.com', { admin: true });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/tax',
      headers: admin.auth,
      payload: { taxMode: 'gst', gstin: KARNATAKA_GSTIN },
    });
    lamp = await insertProduct(t.db, { name: 'Lamp', pricePaise: 118_000, countInStock: 10_000 });
    await t.db.update(products).set({ hsn: '9405', gstRateBp: 1800 }).where(eq(products.id, lamp));
    for (const stateCode of STATE_CODES) {
      for (let i = 0; i < PER_STATE; i++) {
        const account = await signUp(t, `s${stateCode}-${i}@example.com`);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/addresses',
          headers: account.auth,
          payload: {
            name: `Shopper ${stateCode}`,
            phone: '9876543210',
            line1: '1 Main Road',
            city: 'Town',
            stateCode,
            pincode: pincodeOf(stateCode),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        shoppers.push({ account, addressId: res.json().addresses[0]._id, stateCode });
        await fillCart(t.db, account.id, [{ productId: lamp, quantity: 1 + (i % 3) }]);
      }
    }
  }, 120_000);

  it('numbers them 1…N with no gap or repeat, each PDF with its place of supply and tax split', async () => {
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const placed = await Promise.all(
      shoppers.map(async (s, i) => {
        const app = (i % 2 ? apps.b : apps.a).app;
        const res = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: s.account.auth,
          payload: { ...body, email: s.account.email, addressId: s.addressId },
        });
        expect(res.statusCode, res.body).toBe(201);
        return { ...s, order: res.json() as OrderPaymentReply };
      }),
    );
    await Promise.all(
      placed.map(async (p, i) => {
        const app = (i % 2 ? apps.a : apps.b).app;
        const paid = (
          await app.inject({
            method: 'POST',
            url: '/api/payments/sandbox/pay',
            payload: {
              orderId: p.order.razorpayOrderId,
              cardNumber: SANDBOX_CARDS.success,
              expiry: '12/30',
              cvv: '123',
            },
          })
        ).json() as SandboxPayReply;
        if (paid.status !== 'captured') throw new Error('not paid');
        const verified = await app.inject({
          method: 'POST',
          url: '/api/orders/verify',
          headers: p.account.auth,
          payload: {
            orderId: p.order.orderId,
            paymentId: paid.razorpay_payment_id,
            signature: paid.razorpay_signature,
            razorpayOrderId: paid.razorpay_order_id,
          },
        });
        expect(verified.statusCode, verified.body).toBe(200);
      }),
    );
    const rows = await apps.a.db.select().from(invoices).orderBy(asc(invoices.sequence));
    expect(rows).toHaveLength(placed.length);
    expect(rows.map((r) => r.sequence)).toEqual(placed.map((_, i) => i + 1));
    for (const row of rows) {
      const parsed = parseDocumentNumber(row.number);
      expect(parsed?.sequence).toBe(row.sequence);
      expect(row.number.length).toBeLessThanOrEqual(16);
    }
    const byOrder = new Map(rows.map((r) => [r.orderId, r]));
    for (const [i, p] of placed.entries()) {
      const row = byOrder.get(p.order.orderId)!;
      expect(row.totalPaise).toBe(p.order.amount);
      // Rendered on this first download, on either process (the PDF is not made in the paying transaction).
      expect(row.pdf).toBeNull();
      const download = await (i % 2 ? apps.b : apps.a).app.inject({
        method: 'GET',
        url: `/api/orders/${p.order.orderId}/invoice`,
        // Each shopper from a network of their own, as the payments came (the shop limits each network).
        headers: { ...p.account.auth, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      });
      expect(download.statusCode, download.body).toBe(200);
      const text = await textOf(download.rawPayload);
      expect(text).toContain(`Invoice no.: ${row.number}`);
      expect(text).toContain(`Place of supply: ${stateWithCode(p.stateCode)}`);
      expect(text).toContain(`GSTIN: ${KARNATAKA_GSTIN}`);
      expect(text).toContain('Tax payable on reverse charge: No');
      if (p.stateCode === '29') {
        expect(text).toContain(formatHalfRate(1800));
        expect(text).not.toContain('IGST');
      } else {
        expect(text).toContain(`IGST`);
        expect(text).toContain(formatRate(1800));
      }
    }
  }, 300_000);
});
