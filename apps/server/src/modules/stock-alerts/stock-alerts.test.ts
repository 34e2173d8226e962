import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { insertVariantProduct, variantKey, variantsOf } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { messageOutbox } from '../../db/schema/messages';
import { stockAlertStatusTransitions, stockAlerts } from '../../db/schema/stock-alerts';
import { STOCK_ALERT_TRANSITIONS } from './stock-alert-lifecycle';
import { STOCK_ALERT_LIMITS } from './stock-alerts.service';

// Back-in-stock alerts through the API, on a second process too: the restock job of both runs at once
// and each active alert still mails exactly once (rows claimed with SKIP LOCKED, the move conditional).

let a: TestApp;
let b: TestApp;
let product: string;
const variant: Record<string, string> = {};
let ipSeq = 0;
/** A fresh client address per test, so the per-network limit is only met where a test means to. */
const nextIp = () => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
  product = await insertVariantProduct(
    a.db,
    { name: 'Cotton Kurta', pricePaise: 99_900, sizes: ['S', 'M', 'L'] },
    { S: 5 },
  );
  for (const v of await variantsOf(a.db, product)) variant[variantKey(v)] = v.id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

function subscribe(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return a.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    payload: body,
    headers: { 'x-forwarded-for': nextIp(), ...headers },
  });
}

async function mailsTo(email: string, purpose: string) {
  const rows = await a.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, email));
  return rows.filter((r) => r.purpose === purpose);
}

const tokenOf = (text: string, action: string) =>
  decodeURIComponent(new RegExp(`/api/stock-alerts/${action}\\?token=([^\\s]+)`).exec(text)![1]!);

async function alertOf(email: string) {
  const rows = await a.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
  return rows;
}

async function restock(key: string, units: number, reason = 'adjustment') {
  await a.db.execute(
    sql`select inventory_move(${variant[key]!}::uuid, ${units}::int, ${reason}::inventory_reason, null, null)`,
  );
}

describe('back-in-stock alerts', () => {
  it('keeps the lifecycle table and the database trigger’s pairs the same', async () => {
    const rows = await a.db.select().from(stockAlertStatusTransitions);
    const pairs = (list: { from: string; to: string }[]) => list.map((t) => `${t.from}>${t.to}`).sort();
    expect(pairs(rows.map((r) => ({ from: r.fromStatus, to: r.toStatus })))).toEqual(
      pairs([...STOCK_ALERT_TRANSITIONS]),
    );
    const [alert] = await a.db
      .insert(stockAlerts)
      .values({ variantId: variant.M!, email: 'trigger@example.com', status: 'pending' })
      .returning();
    await expect(
      a.db.execute(
        sql`update stock_alerts set status = 'sent', sent_at = now() where id = ${alert!.id}::uuid`,
      ),
    ).rejects.toThrow();
    await a.db.delete(stockAlerts).where(eq(stockAlerts.id, alert!.id));
  });

  it('refuses what it cannot do with a clear 4xx', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ variantId: variant.S, email: 'x@example.com' }, 409, /in stock/],
      [{ variantId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com' }, 404, /not available/],
      [{ variantId: variant.M }, 400, /email address/],
      [{ variantId: variant.M, email: 'not an address' }, 400, /valid email/],
      [{ variantId: 'nope', email: 'x@example.com' }, 400, /size and colour/],
      [{ variantId: variant.M, email: 'x@example.com', extra: 1 }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    for (const url of [
      '/api/stock-alerts/confirm?token=forged.abc',
      '/api/stock-alerts/unsubscribe?token=x',
    ]) {
      const res = await a.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/link is not valid/);
    }
  });

  it('has a guest confirm by the signed link mailed to them, answering alike when asked twice', async () => {
    const first = await subscribe({ variantId: variant.M, email: 'guest@example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending' });
    const [mail] = await mailsTo('guest@example.com', 'stock_alert_confirm');
    expect(mail!.body).toContain('Cotton Kurta (M)');
    expect((mail!.payload as { headers: Record<string, string> }).headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http.*\/api\/stock-alerts\/unsubscribe\?token=/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const token = tokenOf(mail!.body, 'confirm');
    // A confirm token is not an unsubscribe token.
    const wrong = await a.app.inject({
      method: 'POST',
      url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(wrong.statusCode).toBe(400);
    const again = await subscribe({ variantId: variant.M, email: 'Guest@Example.com' });
    expect(again.json()).toEqual(first.json());
    expect(await alertOf('guest@example.com')).toHaveLength(1);
    const confirmed = await b.app.inject({
      method: 'GET',
      url: `/api/stock-alerts/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/product/${product}?alert=confirmed`);
    expect((await alertOf('guest@example.com'))[0]).toMatchObject({ status: 'active' });
    // A second click is fine.
    const twice = await a.app.inject({
      method: 'GET',
      url: `/api/stock-alerts/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(twice.statusCode).toBe(303);
  });

  it('takes a signed-in shopper’s account address, active at once', async () => {
    const shopper = await signUp(a, 'asha@example.com');
    const res = await subscribe({ variantId: variant.M }, shopper.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active' });
    expect(await alertOf('asha@example.com')).toMatchObject([{ status: 'active', userId: shopper.id }]);
    expect(await mailsTo('asha@example.com', 'stock_alert_confirm')).toHaveLength(0);
  });

  it('limits confirmation mails per address and requests per network', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < STOCK_ALERT_LIMITS.perEmail.requests; i++) {
      expect((await subscribe({ variantId: variant.L, email })).statusCode).toBe(200);
    }
    const over = await subscribe({ variantId: variant.L, email });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/several emails/);
    const ip = '198.51.100.7';
    let last = 0;
    for (let i = 0; i <= STOCK_ALERT_LIMITS.perIp.requests; i++) {
      last = (
        await subscribe({ variantId: variant.L, email: `n${i}@example.com` }, { 'x-forwarded-for': ip })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('mails each active alert exactly once on restock, with two processes running the job at once', async () => {
    // An unconfirmed guest and one who cancelled get nothing.
    await subscribe({ variantId: variant.M, email: 'unconfirmed@example.com' });
    await subscribe({ variantId: variant.M, email: 'leaver@example.com' });
    const leaverMail = (await mailsTo('leaver@example.com', 'stock_alert_confirm'))[0]!;
    const confirm = tokenOf(leaverMail.body, 'confirm');
    await a.app.inject({
      method: 'GET',
      url: `/api/stock-alerts/confirm?token=${encodeURIComponent(confirm)}`,
    });
    const leave = await a.app.inject({
      method: 'POST',
      url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(tokenOf(leaverMail.body, 'unsubscribe'))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await alertOf('leaver@example.com'))[0]).toMatchObject({ status: 'unsubscribed' });

    // Still sold out: nothing goes.
    expect(await a.services.stockAlerts.runDue()).toBe(0);
    await restock('M', 2, 'return');
    const [one, two] = await Promise.all([a.services.stockAlerts.runDue(), b.services.stockAlerts.runDue()]);
    expect(one + two).toBe(2);
    expect(await a.services.stockAlerts.runDue()).toBe(0);
    for (const email of ['guest@example.com', 'asha@example.com']) {
      const sent = await mailsTo(email, 'back_in_stock');
      expect(sent, email).toHaveLength(1);
      expect(sent[0]!.body).toContain('Cotton Kurta (M) is back in stock');
      expect((sent[0]!.payload as { headers: Record<string, string> }).headers['List-Unsubscribe']).toMatch(
        /unsubscribe\?token=/,
      );
      expect((await alertOf(email))[0]).toMatchObject({ status: 'sent' });
    }
    for (const email of ['unconfirmed@example.com', 'leaver@example.com']) {
      expect(await mailsTo(email, 'back_in_stock')).toHaveLength(0);
    }
    // Sold out and restocked again: a sent alert does not mail twice.
    await restock('M', -2, 'adjustment');
    await restock('M', 1, 'import');
    expect(await a.services.stockAlerts.runDue()).toBe(0);
    // The sent mail's unsubscribe link still answers.
    const sent = (await mailsTo('guest@example.com', 'back_in_stock'))[0]!;
    const res = await a.app.inject({
      method: 'GET',
      url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(tokenOf(sent.body, 'unsubscribe'))}`,
    });
    expect(res.statusCode).toBe(303);
    expect((await alertOf('guest@example.com'))[0]).toMatchObject({ status: 'unsubscribed' });
  });

  it('mails many alerts once each when both processes claim them at once', async () => {
    await restock('L', 0);
    const emails = Array.from({ length: 120 }, (_, i) => `many${i}@example.com`);
    await a.db.insert(stockAlerts).values(
      emails.map((email) => ({
        variantId: variant.L!,
        email,
        status: 'active' as const,
        confirmedAt: new Date(),
      })),
    );
    await restock('L', 1, 'cancellation');
    const runs = await Promise.all([
      a.services.stockAlerts.runDue(),
      b.services.stockAlerts.runDue(),
      a.services.stockAlerts.runDue(),
    ]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(120);
    const [{ n }] = (
      (await a.db.execute(
        sql`select count(*)::int as n, count(distinct recipient)::int as d from message_outbox where purpose = 'back_in_stock' and recipient like 'many%'`,
      )) as unknown as { rows: { n: number; d: number }[] }
    ).rows as [{ n: number; d: number }];
    expect(n).toBe(120);
  });
});
