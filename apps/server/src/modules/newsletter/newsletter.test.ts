import type { AuditLogReply, NewsletterSubscribersReply } from '@bazaar/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp, twoProcesses } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp-server';
import { newsletterSubscribers } from '../../db/schema/content';
import { coupons } from '../../db/schema/shopping';
import { newsletterLimit, WELCOME_COUPON } from './newsletter.service';
import { unsubscribeToken } from './unsubscribe-token';

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;

/** The message's headers and body, with quoted-printable soft breaks undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('the newsletter', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let admin: Account;
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(
      {
        publicUrl: 'http://shop.local:3000',
        mail: { smtpUrl: smtp.url, from: 'Bazaar <news@bazaar.local>' },
      },
      { clock },
    );
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const subscribe = (email: unknown, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
      headers: { 'x-forwarded-for': ip },
    });
  const rowsFor = (email: string) =>
    t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
  const mailsTo = (email: string) =>
    smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
  const unsubscribe = (token: string, form = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      ...(form
        ? {
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });

  it('subscribes an address once and mails it a single-use 10% code with a one-click unsubscribe', async () => {
    const res = await subscribe('Priya.N@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Subscribed!' });

    const [row] = await rowsFor('priya.n@example.com');
    expect(row).toMatchObject({ email: 'Priya.N@Example.com', unsubscribedAt: null });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.id, row!.couponId!));
    expect(coupon!.code).toMatch(/^WELCOME-[A-HJ-NP-Z2-9]{8}$/);
    expect(coupon).toMatchObject({ discount: 10, usageLimit: 1, usedCount: 0 });
    expect(coupon!.expiresAt!.getTime() - clock.now().getTime()).toBe(WELCOME_COUPON.validDays * 86_400_000);

    await expect.poll(() => mailsTo('Priya.N@Example.com').length).toBe(1);
    const mail = decoded(mailsTo('Priya.N@Example.com')[0]!.raw);
    expect(mail).toContain('Subject: Welcome to Bazaar: 10% off your first order');
    expect(mail).toContain(coupon!.code);
    expect(mail).toContain('30 August 2025');
    const token = encodeURIComponent(unsubscribeToken(row!.id, t.deps.config.jwtSecret));
    const headers = mailsTo('Priya.N@Example.com')[0]!
      .raw.split('\r\n\r\n')[0]!
      .replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(
      `List-Unsubscribe: <http://shop.local:3000/api/newsletter/unsubscribe?token=${token}>`,
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain(`http://shop.local:3000/newsletter/unsubscribe?token=${token}`);
  });

  it('answers a repeat in any case with the same friendly success: one row, no second mail', async () => {
    for (const email of ['priya.n@example.com', '  PRIYA.N@EXAMPLE.COM ']) {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Subscribed!' });
    }
    expect(await rowsFor('priya.n@example.com')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('priya.n@example.com')).toHaveLength(1);
  });

  it('adds an address once when the same sign-up races on several requests', async () => {
    const replies = await Promise.all(Array.from({ length: 4 }, () => subscribe('race@example.com')));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await rowsFor('race@example.com')).toHaveLength(1);
    const welcome = await t.db.select().from(coupons).where(sql`${coupons.code} like 'WELCOME-%'`);
    expect(welcome).toHaveLength(2);
    await expect.poll(() => mailsTo('race@example.com').length).toBe(1);
  });

  it("refuses what is not an address with the spec's message", async () => {
    for (const email of ['not-an-email', 'a@b', '', `${'a'.repeat(250)}@example.com`, 42, null]) {
      const res = await subscribe(email);
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json().fields, String(email)).toEqual({ email: 'Please enter a valid email address.' });
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'x@example.com', admin: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('unsubscribes with the signed link (one-click or the page), twice without harm, and refuses altered tokens', async () => {
    await subscribe('leaver@example.com');
    const [row] = await rowsFor('leaver@example.com');
    const secret = t.deps.config.jwtSecret;
    const token = unsubscribeToken(row!.id, secret);
    const [id, mac] = token.split('.') as [string, string];
    const [other] = await rowsFor('race@example.com');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);

    const tampered = [
      `${other!.id}.${mac}`,
      `${id}.${flip(mac)}`,
      `${id}.${mac.slice(0, -2)}`,
      `${id}.${mac}.extra`,
      `${id}.${mac}=`,
      id,
      unsubscribeToken(row!.id, 'another-secret-that-is-long-enough-to-sign'),
      `not-a-uuid.${mac}`,
    ];
    for (const bad of tampered) {
      const res = await unsubscribe(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/unsubscribe link is not valid/);
    }
    expect((await rowsFor('leaver@example.com'))[0]!.unsubscribedAt).toBeNull();
    expect((await rowsFor('race@example.com'))[0]!.unsubscribedAt).toBeNull();

    clock.advance(60_000);
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/unsubscribed/);
    expect((await rowsFor('leaver@example.com'))[0]!.unsubscribedAt).toEqual(clock.now());
    // The page posts without a body; a second click keeps the first time.
    clock.advance(60_000);
    const again = await unsubscribe(token, false);
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowsFor('leaver@example.com'))[0]!.unsubscribedAt).toEqual(
      new Date(clock.now().getTime() - 60_000),
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe' })).statusCode).toBe(400);
  });

  it('welcomes a returning subscriber back with the code they were given, never a second one', async () => {
    const [before] = await rowsFor('leaver@example.com');
    await expect.poll(() => mailsTo('leaver@example.com').length).toBe(1);
    const res = await subscribe('Leaver@example.com');
    expect(res.json()).toEqual({ message: 'Subscribed!' });
    const [after] = await rowsFor('leaver@example.com');
    expect(after).toMatchObject({ id: before!.id, couponId: before!.couponId, unsubscribedAt: null });
    await expect.poll(() => mailsTo('leaver@example.com').length).toBe(2);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.id, before!.couponId!));
    const mail = decoded(mailsTo('leaver@example.com')[1]!.raw);
    expect(mail).toContain('Welcome back');
    expect(mail).toContain(coupon!.code);

    // Once the code is spent, a later return says welcome without offering it again.
    await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon!.id));
    await unsubscribe(unsubscribeToken(before!.id, t.deps.config.jwtSecret));
    await subscribe('leaver@example.com');
    await expect.poll(() => mailsTo('leaver@example.com').length).toBe(3);
    const third = decoded(mailsTo('leaver@example.com')[2]!.raw);
    expect(third).toContain('Subject: Welcome to Bazaar\r\n');
    expect(third).not.toContain(coupon!.code);
  });

  it('lists the addresses for admins and exports the subscribed ones as CSV that no spreadsheet runs', async () => {
    expect((await subscribe('-2+3@example.com')).statusCode).toBe(200);
    expect((await subscribe('+sum@example.com')).statusCode).toBe(200);
    // Addresses from before today's rules, stored as they were: the export must defuse them too.
    await t.db
      .insert(newsletterSubscribers)
      .values([
        { email: '=HYPERLINK("http://evil.example","x")@example.com' },
        { email: '@SUM(A1)@example.com' },
        { email: '\t=1+1@example.com' },
        { email: 'quote"d@example.com' },
      ]);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/subscribers?limit=3',
      headers: admin.auth,
    });
    const reply = list.json() as NewsletterSubscribersReply;
    expect(reply.subscribers).toHaveLength(3);
    expect(reply.counts).toEqual({ subscribed: 9, unsubscribed: 0 });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/subscribers.csv',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"email","subscribed_at"');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(9);
    for (const cell of [
      'Priya.N@Example.com',
      "'-2+3@example.com",
      "'+sum@example.com",
      `'=HYPERLINK(""http://evil.example"",""x"")@example.com`,
      "'@SUM(A1)@example.com",
      "'\t=1+1@example.com",
      'quote""d@example.com',
    ]) {
      expect(
        rows.some((row) => row.startsWith(`"${cell}","`)),
        cell,
      ).toBe(true);
    }
    expect(lines.at(-1)).toBe('');

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?entity=newsletter',
      headers: admin.auth,
    });
    expect((audit.json() as AuditLogReply).entries[0]).toMatchObject({
      action: 'newsletter.export',
      actor: { email: 'admin@example.com' },
      summary: 'Exported 9 newsletter subscribers as CSV',
    });
  });
});

describe('the newsletter rate limit, shared by two server processes', () => {
  const clock = new ManualClock('2025-06-01T10:02:00.000Z');
  const processes = twoProcesses({ clock });

  const subscribe = (app: TestApp, email: string, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
      headers: { 'x-forwarded-for': ip },
    });

  it('takes NEWSLETTER_SIGNUPS_PER_ADDRESS sign-ups per address in 10 minutes across processes', async () => {
    const limit = newsletterLimit(processes.a.deps.config);
    expect(limit).toEqual({ requests: 20, windowMs: 600_000 });
    for (let i = 0; i < limit.requests; i++) {
      expect(
        (await subscribe(i % 2 ? processes.a : processes.b, `reader${i}@example.com`, '203.0.113.9'))
          .statusCode,
      ).toBe(200);
    }
    const refused = await subscribe(processes.a, 'one-more@example.com', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('480');
    expect((await subscribe(processes.b, 'one-more@example.com', '203.0.113.10')).statusCode).toBe(200);
    clock.advance(480_000);
    expect((await subscribe(processes.b, 'later@example.com', '203.0.113.9')).statusCode).toBe(200);
  });
});
