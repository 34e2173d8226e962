import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct } from '../../../test/fixtures/checkout';
import {
  addAddress,
  KARNATAKA_GSTIN,
  MAHARASHTRA_BUYER_GSTIN,
  payAndVerify,
  placeTo,
} from '../../../test/fixtures/gst';
import { parseGstr1Csv, sectionSums, sectionsNet, storedSums } from '../../../test/gstr1-csv';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';
import { creditNotes, creditNotesDue, invoices } from '../../db/schema/invoices';

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('GSTR-1 export, credit notes shown, credit notes owed durably', () => {
  const clock = new ManualClock('2026-05-10T06:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let asha: Account;
  let ravi: Account;
  let lamp: string;
  let ring: string;
  const address: Record<string, string> = {};
  const inject = (options: InjectOptions) => t.app.inject(options);
  const orderIds: string[] = [];

  const buy = async (productId: string, quantity: number, state: string, extra = {}) => {
    await fillCart(t.db, asha.id, [{ productId, quantity }]);
    const order = await placeTo(inject, asha, address[state]!, extra);
    await payAndVerify(inject, asha, order);
    orderIds.push(order.orderId);
    return order.orderId;
  };
  const refund = (orderId: string, amount: number, key: string) =>
    inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { ...admin.auth, 'idempotency-key': `refund-key-${key}` },
      payload: { amount, reason: `Refund ${key}` },
    });
  const notesOf = async (orderId: string) => {
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv!.id));
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    asha = await signUp(t, 'asha@example.com');
    ravi = await signUp(t, 'ravi@example.com');
    lamp = await insertProduct(t.db, { name: 'Brass lamp', pricePaise: 118_000, countInStock: 100 });
    ring = await insertProduct(t.db, { name: 'Gold ring', pricePaise: 15_000_000, countInStock: 10 });
    await t.db.update(products).set({ hsn: '9405', gstRateBp: 1800 }).where(eq(products.id, lamp));
    await t.db.update(products).set({ hsn: '7113', gstRateBp: 300 }).where(eq(products.id, ring));
    const put = await inject({
      method: 'PUT',
      url: '/api/admin/settings/tax',
      headers: admin.auth,
      payload: { taxMode: 'gst', gstin: KARNATAKA_GSTIN },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const state of ['29', '27', '07']) address[state] = await addAddress(inject, asha, state);
  });
  afterAll(async () => t?.close());

  it('a refund whose credit note failed after commit is issued by the payments job, exactly once', async () => {
    const orderId = await buy(lamp, 2, '27');
    const spy = vi
      .spyOn(t.app.services.invoices, 'issueCreditNote')
      .mockRejectedValueOnce(new Error('process died'));
    const res = await refund(orderId, 500, 'died-once');
    expect(res.statusCode, res.body).toBeLessThan(300);
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    spy.mockRestore();
    await vi.waitFor(async () => expect((await t.db.select().from(creditNotesDue))[0]?.attempts).toBe(1));
    expect(await notesOf(orderId)).toHaveLength(0);
    // Not due again before its wait is over; then the job issues it once, and never again.
    await t.app.services.payments.runDue();
    expect(await notesOf(orderId)).toHaveLength(0);
    clock.advance(2 * 60_000);
    await Promise.all([t.app.services.payments.runDue(), t.app.services.payments.runDue()]);
    await t.app.services.payments.runDue();
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalPaise).toBe(50_000);
    expect(notes[0]!.refundId).not.toBeNull();
    expect(await t.db.select().from(creditNotesDue)).toHaveLength(0);
  });

  it('a marker left by a process that died before its listener ran is issued by runDue; one per refund', async () => {
    const orderId = await buy(lamp, 1, '29');
    // The refund commits with its marker, but no listener runs (the process is gone).
    const issueFor = vi.spyOn(t.app.services.creditNotesDue, 'issueFor').mockResolvedValueOnce(null);
    const killed = await refund(orderId, 100, 'killed');
    expect(killed.statusCode, killed.body).toBeLessThan(300);
    await vi.waitFor(() => expect(issueFor).toHaveBeenCalledTimes(1));
    issueFor.mockRestore();
    expect(await notesOf(orderId)).toHaveLength(0);
    expect(await t.db.select().from(creditNotesDue)).toHaveLength(1);
    await t.app.services.payments.runDue();
    expect(await notesOf(orderId)).toHaveLength(1);
    // A second try for the same refund finds nothing due and issues nothing.
    const [note] = await notesOf(orderId);
    expect(await t.app.services.creditNotesDue.issueFor(note!.refundId!)).toBeNull();
    expect(await notesOf(orderId)).toHaveLength(1);
  });

  it('lists credit notes with a download for the shopper (owner only) and the admin', async () => {
    const orderId = orderIds[0]!;
    const mine = await inject({
      method: 'GET',
      url: `/api/orders/${orderId}/credit-notes`,
      headers: asha.auth,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const [note] = mine.json().creditNotes;
    expect(note).toMatchObject({ amount: 500, reason: 'Refund died-once' });
    expect(note.number).toMatch(/^CN\/26-27\/\d{6}$/);
    const pdf = await inject({
      method: 'GET',
      url: `/api/orders/${orderId}/credit-notes/${note._id}`,
      headers: asha.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await textOf(pdf.rawPayload)).toContain(note.invoiceNumber);
    const asAdmin = await inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}/credit-notes/${note._id}`,
      headers: admin.auth,
    });
    expect(asAdmin.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const adminList = await inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}/credit-notes`,
      headers: admin.auth,
    });
    expect(adminList.json().creditNotes).toEqual(mine.json().creditNotes);
    for (const url of [
      `/api/orders/${orderId}/credit-notes`,
      `/api/orders/${orderId}/credit-notes/${note._id}`,
    ]) {
      expect((await inject({ method: 'GET', url, headers: ravi.auth })).statusCode).toBe(404);
    }
    const wrongOrder = await inject({
      method: 'GET',
      url: `/api/orders/${orderIds[1]}/credit-notes/${note._id}`,
      headers: asha.auth,
    });
    expect(wrongOrder.statusCode).toBe(404);
  });

  it('exports the month as GSTR-1 CSV whose sections sum to the invoices less the credit notes', async () => {
    const b2b = await buy(lamp, 3, '27', {
      buyerGstin: MAHARASHTRA_BUYER_GSTIN,
      buyerLegalName: 'Rao Traders',
    });
    const b2cl = await buy(ring, 1, '07');
    await buy(lamp, 1, '07');
    expect((await refund(b2b, 1180, 'b2b-unit')).statusCode).toBeLessThan(300);
    expect((await refund(b2cl, 20_000, 'b2cl-part')).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect(await notesOf(b2cl)).toHaveLength(1));
    await vi.waitFor(async () => expect(await notesOf(b2b)).toHaveLength(1));

    const res = await inject({
      method: 'GET',
      url: '/api/admin/reports/gstr1.csv?month=2026-05',
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gstr1-2026-05.csv"');
    const report = parseGstr1Csv(res.body);
    expect(report.B2B).toHaveLength(1);
    expect(report.B2B[0]).toMatchObject({
      'GSTIN/UIN of Recipient': MAHARASHTRA_BUYER_GSTIN,
      'Receiver Name': 'Rao Traders',
      'Place Of Supply': '27-Maharashtra',
      Rate: '18',
      'Invoice Value': '3540.00',
      'Invoice date': '10-May-2026',
    });
    expect(report.B2CL).toMatchObject([
      { 'Place Of Supply': '07-Delhi', Rate: '3', 'Invoice Value': '150000.00' },
    ]);
    expect(report.CDNR).toMatchObject([
      { 'GSTIN/UIN of Recipient': MAHARASHTRA_BUYER_GSTIN, 'Note Value': '1180.00' },
    ]);
    expect(report.CDNUR).toMatchObject([{ 'UR Type': 'B2CL', 'Note Value': '20000.00' }]);
    expect(report.B2CS.map((r) => r['Place Of Supply']).sort()).toEqual([
      '07-Delhi',
      '27-Maharashtra',
      '29-Karnataka',
    ]);
    const karnataka = report.B2CS.find((r) => r['Place Of Supply'] === '29-Karnataka')!;
    expect(karnataka['Central Tax Amount']).toBe(karnataka['State/UT Tax Amount']);
    expect(report.HSN.map((r) => r.HSN).sort()).toEqual(['7113', '9405']);

    const stored = await storedSums(t.db);
    expect(sectionsNet(report)).toEqual(stored.net);
    expect(sectionSums(report.HSN)).toEqual(stored.net);
    const [invoicesRow, notesRow, netRow] = report.TOTALS;
    expect(invoicesRow).toMatchObject({ Documents: 'Invoices', Count: String(orderIds.length) });
    expect(notesRow!.Count).toBe('4');
    expect(Math.round(Number(netRow!['Integrated Tax Amount']) * 100)).toBe(stored.net.igst);

    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.gstr1-export'));
    expect(audited?.summary).toMatch(/2026-05: 5 invoices, 4 credit notes/);
  });

  it('another month is empty; a bad period is a 400 naming the field', async () => {
    const april = await inject({
      method: 'GET',
      url: '/api/admin/reports/gstr1.csv?from=2026-04-01&to=2026-04-30',
      headers: admin.auth,
    });
    expect(april.statusCode).toBe(200);
    const report = parseGstr1Csv(april.body);
    expect(report.B2B).toHaveLength(0);
    expect(report.TOTALS[0]).toMatchObject({ Count: '0', 'Taxable Value': '0.00' });
    for (const [query, field] of [
      ['month=2026-13', 'month'],
      ['from=2026-05-01', 'to'],
      ['from=2026-05-09&to=2026-05-01', 'to'],
      ['month=2026-05&from=2026-05-01', 'month'],
    ] as const) {
      const res = await inject({
        method: 'GET',
        url: `/api/admin/reports/gstr1.csv?${query}`,
        headers: admin.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
  });
});
