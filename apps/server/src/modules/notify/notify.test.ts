import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualBackground } from '../../../test/background';
import { ManualClock } from '../../../test/clock';
import { startLocalWhatsApp, WHATSAPP_KEYS, whatsappMessaging } from '../../../test/fixtures/messages';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { WhatsAppServer } from '../../../test/whatsapp-server';
import { messageOutbox } from '../../db/schema/messages';
import { outboxEmails } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { PurposeParams } from './message-templates';
import { claimDueMessages, findMessage, type MessageRow } from './notify.repo';
import type { EnqueueOptions, Recipient } from './notify.service';
import { MAX_ATTEMPTS } from './retry-schedule';

const PLACED: PurposeParams['order_placed'] = {
  name: 'Asha Rao',
  orderNumber: 'A1B2C3D4',
  totalPaise: 149_950,
};

describe('messages to shoppers: the outbox, its delivery through WhatsApp and mail, and status reports', () => {
  let server: WhatsAppServer;
  let t: TestApp;
  const clock = new ManualClock();
  const background = new ManualBackground();
  let phones = 0;
  /** A fresh mobile number per test, so tests on one database never read each other's rows. */
  const phone = () => `98765${String(10_000 + phones++).slice(-5)}`;

  beforeAll(async () => {
    server = await startLocalWhatsApp();
    t = await createTestApp({ messaging: whatsappMessaging(server) }, { clock, background });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const queue = <P extends keyof PurposeParams>(
    purpose: P,
    to: Recipient,
    params: PurposeParams[P],
    options?: EnqueueOptions,
  ) => inTransaction(t.db, (tx) => t.services.notify.enqueue(tx, purpose, to, params, options));
  const row = async (id: string) => (await findMessage(t.db, id))!;
  const requestsFor = (id: string) => server.requests.filter((r) => r.body.biz_opaque_callback_data === id);
  const takenFor = (id: string) => server.taken.filter((m) => m.opaque === id);
  const queueOne = async (to = phone()) => {
    const [message] = await queue('order_placed', { phone: to }, PLACED);
    return message!;
  };
  const webhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/messages/whatsapp/webhook', payload: body, headers });

  it("queues in the caller's transaction: rolled back, nothing is queued; committed, delivery starts", async () => {
    const to = phone();
    await expect(
      inTransaction(t.db, async (tx) => {
        await t.services.notify.enqueue(tx, 'order_placed', { phone: to }, PLACED);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(
      await t.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.recipient, `+91${to}`)),
    ).toEqual([]);
    expect(background.queued).toEqual([]);

    const message = await queueOne(to);
    expect(message).toMatchObject({
      status: 'queued',
      attempts: 0,
      channel: 'whatsapp',
      recipient: `+91${to}`,
    });
    expect(background.queued.map((q) => q.name)).toEqual(['messages']);
    await background.flush();
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'whatsapp' });
  });

  it("sends WhatsApp's registered template with the message's values, and mail through the mailer", async () => {
    const to = phone();
    const rows = await queue(
      'order_placed',
      { phone: `+91 ${to.slice(0, 5)} ${to.slice(5)}`, email: 'asha@example.com' },
      PLACED,
    );
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'whatsapp']);
    await t.services.notify.runDue();
    const whatsapp = await row(rows.find((r) => r.channel === 'whatsapp')!.id);
    const [taken] = takenFor(whatsapp.id);
    expect(taken).toMatchObject({
      to: `91${to}`,
      template: 'bazaar_order_placed',
      language: 'en',
      parameters: ['Asha Rao', 'A1B2C3D4', '₹1,499.50', 'Bazaar'],
    });
    expect(whatsapp).toMatchObject({
      status: 'sent',
      providerMessageId: taken!.id,
      sentAt: clock.now(),
      body: 'Hi Asha Rao, thank you for your order #A1B2C3D4 of ₹1,499.50 at Bazaar. We will message you when it ships.',
    });
    const email = await row(rows.find((r) => r.channel === 'email')!.id);
    expect(email).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      providerMessageId: `<${email.id}@localhost>`,
    });
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'asha@example.com'));
    expect(mail).toMatchObject({ subject: 'Bazaar: order #A1B2C3D4 placed' });
    expect(mail!.text).toContain('Thank you for your order #A1B2C3D4 of ₹1,499.50');
  });

  it("queues an order's message once per channel, however many paths ask for it", async () => {
    const to = phone();
    const orderId = undefined; // the key works without an order row; an order id would make the same key
    const first = await queue(
      'order_delivered',
      { phone: to },
      { name: 'Ravi', orderNumber: 'R1' },
      { orderId, key: `delivered:${to}` },
    );
    const again = await queue(
      'order_delivered',
      { phone: to },
      { name: 'Ravi', orderNumber: 'R1' },
      { orderId, key: `delivered:${to}` },
    );
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    await t.services.notify.runDue();
    expect(takenFor(first[0]!.id)).toHaveLength(1);
  });

  it('refuses a number that is not an Indian mobile number with a 400 saying what to type', async () => {
    for (const bad of ['12345', '+1 415 555 0100', '5876543210']) {
      const error = await queue('order_placed', { phone: bad }, PLACED).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        statusCode: 400,
        fields: { phone: expect.stringContaining('10-digit Indian mobile') },
      });
    }
  });

  it('fails a message WhatsApp refuses (a 4xx) at once, and never tries it again', async () => {
    const message = await queueOne();
    server.failNext({ status: 400, code: 131009, message: 'Parameter value is not valid' });
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('WhatsApp answered 400 (#131009)'),
    });
    clock.advance(3 * 60 * 60_000);
    await t.services.notify.runDue();
    expect(requestsFor(message.id)).toHaveLength(1);
    expect(takenFor(message.id)).toHaveLength(0);
  });

  it('tries a message again after a 5xx, waiting longer each time, until WhatsApp takes it', async () => {
    const message = await queueOne();
    server.failNext({ status: 500, code: 131000, message: 'Something went wrong' }, 2);
    await t.services.notify.runDue();
    let now = await row(message.id);
    expect(now).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('500') });
    const firstWait = now.nextAttemptAt.getTime() - clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(24_000);
    expect(firstWait).toBeLessThanOrEqual(36_000);

    await t.services.notify.runDue(); // not due yet
    expect(requestsFor(message.id)).toHaveLength(1);
    clock.advance(firstWait);
    await t.services.notify.runDue();
    now = await row(message.id);
    expect(now).toMatchObject({ status: 'queued', attempts: 2 });
    const secondWait = now.nextAttemptAt.getTime() - clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(48_000);
    expect(secondWait).toBeLessThanOrEqual(72_000);

    clock.advance(secondWait);
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(requestsFor(message.id)).toHaveLength(3);
    expect(takenFor(message.id)).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts WhatsApp turned away`, async () => {
    const message = await queueOne();
    server.failNext({ status: 503, code: 133004, message: 'Server temporarily unavailable' }, MAX_ATTEMPTS);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await t.services.notify.runDue();
      clock.advance(40 * 60_000);
    }
    expect(await row(message.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: expect.stringContaining(`gave up after ${MAX_ATTEMPTS} attempts`),
    });
    expect(requestsFor(message.id)).toHaveLength(MAX_ATTEMPTS);
  });

  it('tries again while WhatsApp cannot be reached, and sends once it can', async () => {
    const message = await queueOne();
    await server.stopListening();
    await new Promise((r) => setTimeout(r, 100));
    try {
      await t.services.notify.runDue();
      expect(await row(message.id)).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await server.resume();
    }
    clock.advance(60_000);
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(takenFor(message.id)).toHaveLength(1);
  });

  it('never sends again a message whose answer was lost (it went): unknown, until its status report settles it', async () => {
    const message = await queueOne();
    server.takeAndHangNext();
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({ status: 'unknown', attempts: 1, providerMessageId: null });
    clock.advance(24 * 60 * 60_000);
    await t.services.notify.runDue();
    expect(requestsFor(message.id)).toHaveLength(1);

    // WhatsApp's report carries our id back (biz_opaque_callback_data): the message is found and settled.
    const [taken] = takenFor(message.id);
    const { body, headers } = server.statusWebhook([{ message: taken!, status: 'delivered' }]);
    const res = await webhook(body, headers);
    expect(res.json()).toEqual({ reports: 1, applied: 1 });
    expect(await row(message.id)).toMatchObject({
      status: 'delivered',
      providerMessageId: taken!.id,
      deliveredAt: expect.any(Date),
    });
  });

  it('counts an attempt whose process stopped before recording an answer as unknown, never sent again', async () => {
    const message = await queueOne();
    // What a process killed mid-send leaves: the claim committed, no answer recorded.
    const claimed = await claimDueMessages(t.db, ['whatsapp'], clock.now(), 100);
    expect(claimed.map((m) => m.id)).toContain(message.id);
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({ status: 'sending' }); // still within its time
    clock.advance(3 * 500 + 1);
    await t.services.notify.runDue();
    expect(await row(message.id)).toMatchObject({
      status: 'unknown',
      sendingSince: null,
      lastError: expect.stringContaining('stopped before recording an answer'),
    });
    clock.advance(60 * 60_000);
    await t.services.notify.runDue();
    expect(requestsFor(message.id)).toHaveLength(0);
  });

  it('applies signed status reports once and only forward; refuses unsigned or forged ones', async () => {
    const message = await queueOne();
    await t.services.notify.runDue();
    const [taken] = takenFor(message.id);
    const delivered = server.statusWebhook([{ message: taken!, status: 'delivered' }]);

    const unsigned = await webhook(delivered.body, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('The webhook signature is not valid.');
    const forged = server.statusWebhook([{ message: taken!, status: 'failed' }], 'not-the-app-secret');
    expect((await webhook(forged.body, forged.headers)).statusCode).toBe(400);
    const tampered = await webhook(delivered.body.replace('delivered', 'failed'), delivered.headers);
    expect(tampered.statusCode).toBe(400);
    expect(await row(message.id)).toMatchObject({ status: 'sent' });

    expect((await webhook(delivered.body, delivered.headers)).json()).toEqual({ reports: 1, applied: 1 });
    const once = await row(message.id);
    expect(once).toMatchObject({ status: 'delivered' });
    // Meta redelivers; and a "sent" report may arrive after "delivered".
    expect((await webhook(delivered.body, delivered.headers)).json()).toEqual({ reports: 1, applied: 0 });
    const late = server.statusWebhook([{ message: taken!, status: 'sent' }]);
    expect((await webhook(late.body, late.headers)).json()).toEqual({ reports: 1, applied: 0 });
    expect(await row(message.id)).toEqual(once);
  });

  it('records a failed delivery report with its reason', async () => {
    const message = await queueOne();
    await t.services.notify.runDue();
    const [taken] = takenFor(message.id);
    const failed = server.statusWebhook([
      { message: taken!, status: 'failed', error: { code: 131026, title: 'Message undeliverable' } },
    ]);
    expect((await webhook(failed.body, failed.headers)).json()).toEqual({ reports: 1, applied: 1 });
    expect(await row(message.id)).toMatchObject({
      status: 'failed',
      lastError: '#131026 Message undeliverable',
    });
    // Reports about messages this shop never sent are ignored.
    const stranger = server.statusWebhook([
      { message: { ...taken!, id: 'wamid.someone-else', opaque: undefined }, status: 'delivered' },
    ]);
    expect((await webhook(stranger.body, stranger.headers)).json()).toEqual({ reports: 1, applied: 0 });
  });

  it("answers Meta's webhook subscription check with its challenge, only for the shop's verify token", async () => {
    // The verify token is the fixture's: whatsappMessaging() sets it.
    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await check(WHATSAPP_KEYS.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toContain('text/plain');
    expect((await check('guessed')).statusCode).toBe(403);
  });

  it('sends the signed confirmation link, and keeps no working link once the message is done with', async () => {
    const link = 'http://localhost:3000/orders/cod/confirm?token=sig.Zm9vYmFy';
    const rows = await queue(
      'cod_confirmation',
      { phone: phone(), email: 'cod@example.com' },
      { name: 'Meena', orderNumber: 'C0D1', totalPaise: 89_900, confirmUrl: link },
    );
    expect(rows.every((r) => r.secrets?.includes(link))).toBe(true);
    await t.services.notify.runDue();
    const whatsapp = rows.find((r) => r.channel === 'whatsapp')!;
    expect(takenFor(whatsapp.id)[0]!.parameters).toEqual(['Meena', 'C0D1', '₹899', 'Bazaar', link]);
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'cod@example.com'));
    expect(mail!.text).toContain(link); // outside production the mail outbox keeps it (decision 066)
    for (const sent of await Promise.all(rows.map((r) => row(r.id)))) {
      expect(sent.status).toBe('sent');
      expect(sent.secrets).toBeNull();
      expect(JSON.stringify(sent.payload)).not.toContain(link);
      expect(sent.body).not.toContain(link);
      expect(sent.body).toContain('[link removed once sent]');
    }
  });

  it('lets the database refuse a move the lifecycle does not have, and a message that does not start queued', async () => {
    const message = await queueOne();
    server.takeAndHangNext();
    await t.services.notify.runDue();
    expect((await row(message.id)).status).toBe('unknown');
    await expect(
      t.db.update(messageOutbox).set({ status: 'queued' }).where(eq(messageOutbox.id, message.id)),
    ).rejects.toThrow();
    await expect(
      t.db.insert(messageOutbox).values({
        channel: 'whatsapp',
        recipient: '+919876500000',
        purpose: 'test',
        payload: {},
        body: 'x',
        status: 'sent',
        providerMessageId: 'wamid.x',
      }),
    ).rejects.toThrow();
    expect((await row(message.id)).status).toBe('unknown');
  });

  describe('the admin', () => {
    let admin: Account;
    let shopper: Account;
    beforeAll(async () => {
      admin = await signUp(t, 'messages-admin@example.com', { admin: true });
      shopper = await signUp(t, 'messages-shopper@example.com');
    });

    it('lists messages newest first with their status, and counts each status', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/messages?limit=5',
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      const reply = res.json();
      expect(reply.messages).toHaveLength(5);
      expect(reply.phoneProvider).toBe('whatsapp');
      expect(reply.counts.sent).toBeGreaterThan(0);
      expect(reply.counts.unknown).toBeGreaterThanOrEqual(2);
      expect(reply.total).toBe(
        Object.values(reply.counts as Record<string, number>).reduce((a, b) => a + b, 0),
      );
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/admin/messages?status=unknown',
        headers: admin.auth,
      });
      expect(unknown.json().messages.every((m: MessageRow) => m.status === 'unknown')).toBe(true);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: shopper.auth })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/messages?status=lost', headers: admin.auth }))
          .statusCode,
      ).toBe(400);
    });

    it('sends a test message to a number the admin types, in the audit log; a number that is not a mobile is a 400', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/admin/messages/test',
        headers: admin.auth,
        payload: { phone: '022 2345 6789' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION',
        fields: {
          phone: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (with or without +91).',
        },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/messages/test',
        headers: admin.auth,
        payload: { phone: '+91 91234 56789' },
      });
      expect(res.statusCode).toBe(201);
      const { message } = res.json();
      expect(message).toMatchObject({
        purpose: 'test',
        recipient: '+919123456789',
        status: 'queued',
        body: 'Hello World',
      });
      await t.services.notify.runDue();
      expect(takenFor(message._id)).toEqual([
        expect.objectContaining({ template: 'hello_world', language: 'en_US', parameters: [] }),
      ]);
      const audit = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log?entity=message',
        headers: admin.auth,
      });
      expect(audit.json().entries[0]).toMatchObject({ action: 'message.test', entityId: message._id });
    });
  });
});

describe('the phone channel as configured', () => {
  it('records WhatsApp messages without sending them by default (no WhatsApp keys): the admin sees them', async () => {
    const t = await createTestApp({}, { background: new ManualBackground() });
    try {
      expect(t.services.notify.phoneProvider).toBe('log');
      const [message] = await inTransaction(t.db, (tx) =>
        t.services.notify.enqueue(
          tx,
          'order_shipped',
          { phone: '9876543210' },
          {
            name: 'Asha',
            orderNumber: 'S1',
            courier: 'Delhivery',
            trackingNumber: 'DL123',
            trackingUrl: 'https://track.example/DL123',
          },
        ),
      );
      await t.services.notify.runDue();
      expect(await findMessage(t.db, message!.id)).toMatchObject({
        status: 'sent',
        provider: 'log',
        providerMessageId: expect.stringMatching(/^log\./),
        body: 'Hi Asha, your order #S1 from Bazaar is on its way with Delhivery (tracking number DL123). Track it: https://track.example/DL123',
      });
    } finally {
      await t.close();
    }
  });

  it('queues no phone message with MESSAGING_PROVIDER=none, and mail still goes', async () => {
    const t = await createTestApp(
      { messaging: { ...whatsappMessaging({ url: 'http://127.0.0.1:9' }), provider: 'none' } },
      { background: new ManualBackground() },
    );
    try {
      expect(t.services.notify.phoneProvider).toBe('none');
      const rows = await inTransaction(t.db, (tx) =>
        t.services.notify.enqueue(
          tx,
          'order_placed',
          { phone: '9876543210', email: 'a@example.com' },
          PLACED,
        ),
      );
      expect(rows.map((r) => r.channel)).toEqual(['email']);
      const admin = await signUp(t, 'none-admin@example.com', { admin: true });
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/admin/messages/test',
        headers: admin.auth,
        payload: { phone: '9876543210' },
      });
      expect(test.statusCode).toBe(409);
      expect(test.json().message).toContain('MESSAGING_PROVIDER=none');
    } finally {
      await t.close();
    }
  });
});
