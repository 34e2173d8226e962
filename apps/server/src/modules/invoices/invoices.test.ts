import type { OrderPaymentReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { payInSandbox } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { shopSettings } from '../../db/schema/content';
import { creditNotes, invoices } from '../../db/schema/invoices';

const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('tax invoices: issued when paid, kept, downloaded; credit notes against them', () => {
  let t: TestApp;
  let admin: Account;
  let asha: Account;
  let ravi: Account;
  let lamp: string;
  let mumbai: string;
  const inject = (options: InjectOptions) => t.app.inject(options);

  const placeAndPay = async (who: Account, extra: object = {}) => {
    await fillCart(t.db, who.id, [{ productId: lamp, quantity: 2 }]);
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const placed = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: who.auth,
      payload: { ...body, email: who.email, addressId: mumbai, ...extra },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as OrderPaymentReply;
    const paid = await payInSandbox(t, order.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('not paid');
    const verified = await inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: who.auth,
      payload: {
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
        razorpayOrderId: paid.razorpay_order_id,
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    asha = await signUp(t, 'asha@example.com');
    ravi = await signUp(t, 'ravi@example.com');
    lamp = await insertProduct(t.db, { name: 'Brass table lamp', pricePaise: 118_000, countInStock: 50 });
    await t.db.update(products).set({ hsn: '9405', gstRateBp: 1800 }).where(eq(products.id, lamp));
    const put = await inject({
      method: 'PUT',
      url: '/api/admin/settings/tax',
      headers: admin.auth,
      payload: { taxMode: 'gst', gstin: KARNATAKA_GSTIN },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await inject({
      method: 'POST',
      url: '/api/users/addresses',
      headers: asha.auth,
      payload: {
        name: 'Asha Rao',
        phone: '9876543210',
        line1: '7 Marine Drive',
        city: 'Mumbai',
        stateCode: '27',
        pincode: '400020',
      },
    });
    mumbai = res.json().addresses[0]._id;
  });
  afterAll(async () => t?.close());

  it('a paid order gets INV/yy-yy/000001 with the Rule 46 fields and IGST to another state; downloads are identical', async () => {
    const order = await placeAndPay(asha);
    // Issued with the payment, rendered on the first download from the document kept then: a later
    // change of the shop's details does not reach an issued invoice.
    const [issued] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.orderId));
    expect(issued!.pdf).toBeNull();
    const { name: shopName } = await t.app.services.settings.get();
    await t.db.update(shopSettings).set({ name: 'Renamed Later' });
    const first = await inject({
      method: 'GET',
      url: `/api/orders/${order.orderId}/invoice`,
      headers: asha.auth,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="INV-\d\d-\d\d-000001\.pdf"$/,
    );
    const again = await inject({
      method: 'GET',
      url: `/api/orders/${order.orderId}/invoice`,
      headers: asha.auth,
    });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const asAdmin = await inject({
      method: 'GET',
      url: `/api/admin/orders/${order.orderId}/invoice`,
      headers: admin.auth,
    });
    expect(asAdmin.rawPayload.equals(first.rawPayload)).toBe(true);
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.orderId));
    expect(kept!.pdf!.equals(first.rawPayload)).toBe(true);
    const text = await textOf(first.rawPayload);
    expect(text).toContain(shopName);
    expect(text).not.toContain('Renamed Later');
    await t.db.update(shopSettings).set({ name: shopName });
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`GSTIN: ${KARNATAKA_GSTIN}`);
    expect(text).toMatch(/Invoice no\.: INV\/\d\d-\d\d\/000001/);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Asha Rao 7 Marine Drive Mumbai 400020 State: Maharashtra (27)');
    expect(text).toContain('Tax payable on reverse charge: No');
    expect(text).toContain('9405');
    expect(text).toContain('IGST');
    expect(text).toContain('Authorised Signatory');
    // ₹2,360 for two lamps, free delivery: 18% IGST inside is ₹360.
    expect(text).toContain('2,360.00');
    expect(text).toContain('360.00');
  });

  it('another shopper cannot download it; an unpaid order has none', async () => {
    const [row] = await t.db.select().from(invoices);
    const theirs = await inject({
      method: 'GET',
      url: `/api/orders/${row!.orderId}/invoice`,
      headers: ravi.auth,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toMatch(/once it is paid/);
    expect((await inject({ method: 'GET', url: `/api/orders/${row!.orderId}/invoice` })).statusCode).toBe(
      401,
    );
  });

  it('a B2B buyer’s GSTIN makes the invoice show the buyer’s GSTIN; numbers run on', async () => {
    const order = await placeAndPay(asha, { buyerGstin: '27AAPFU0939F1ZV', buyerLegalName: 'Rao Traders' });
    const pdf = await inject({
      method: 'GET',
      url: `/api/orders/${order.orderId}/invoice`,
      headers: asha.auth,
    });
    const text = await textOf(pdf.rawPayload);
    expect(text).toMatch(/INV\/\d\d-\d\d\/000002/);
    expect(text).toContain('27AAPFU0939F1ZV');
    expect(text).toContain('Rao Traders');
  });

  it('refuses a buyer GSTIN that is not one', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const res = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...body, email: asha.email, addressId: mumbai, buyerGstin: '27AAPFU0939F1ZX' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.buyerGstin).toMatch(/valid GSTIN/);
  });

  it('issueCreditNote: its own series, taxes reversed line by line, never more than the invoice', async () => {
    const [first] = await t.db.select().from(invoices).where(eq(invoices.sequence, 1));
    const note = await t.app.services.invoices.issueCreditNote(
      first!.orderId,
      { by: 'quantity', items: [{ line: 0, quantity: 1 }] },
      'One lamp returned',
    );
    expect(note.number).toMatch(/^CN\/\d\d-\d\d\/000001$/);
    expect(note.invoiceNumber).toBe(first!.number);
    expect(note.totalPaise).toBe(118_000);
    expect(note.lines).toMatchObject([
      { quantity: 1, igstPaise: 18_000, cgstPaise: 0, taxableValuePaise: 100_000 },
    ]);
    const second = await t.app.services.invoices.issueCreditNote(
      first!.orderId,
      { by: 'amount', amountPaise: 118_000 },
      'rest',
    );
    expect(second.number).toMatch(/000002$/);
    await expect(
      t.app.services.invoices.issueCreditNote(first!.orderId, { by: 'amount', amountPaise: 1 }, 'too much'),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const [stored] = await t.db.select().from(creditNotes).where(eq(creditNotes.number, note.number));
    const text = await textOf(stored!.pdf);
    expect(text).toContain(first!.number);
    expect(text).toContain('One lamp returned');
  });

  it('a refund of an invoiced order issues its credit note: the admin refunds ₹500 of a paid order', async () => {
    const order = await placeAndPay(asha);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.orderId));
    const refund = await inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/refunds`,
      headers: { ...admin.auth, 'idempotency-key': `credit-${order.orderId}` },
      payload: { amount: 500, reason: 'Scratched base' },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    // The credit note follows the refund's commit; the sandbox's refund is processed at once.
    let notes: (typeof creditNotes.$inferSelect)[] = [];
    for (let i = 0; i < 50 && notes.length === 0; i++) {
      await t.app.services.payments.runDue();
      notes = await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice!.id));
      if (notes.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalPaise).toBe(50_000);
    expect(await textOf(notes[0]!.pdf)).toContain('Scratched base');
  });
});
