import type { ContactInboxReply, ContactMessage } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { createTestApp, type TestApp, twoProcesses } from '../../../test/helpers';
import { contactLimit } from './contact.service';

const FORM = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'order',
  orderNumber: 'A-1042',
  message: 'My parcel has not arrived.\nCould you check, please?',
};

let ipSeq = 0;
/** Each test sends from its own address, so the per-IP limit is met only where a test means to meet it. */
const freshIp = () => `198.51.100.${++ipSeq}`;

describe('contact messages', () => {
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'meera@example.com', { name: 'Meera Shah' });
  });
  afterAll(async () => t?.close());

  const send = (payload: object, headers: Record<string, string> = {}, ip = freshIp()) => {
    // One second apart, so "newest first" is one order.
    clock.advance(1000);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/contactUs',
      payload,
      headers: { 'x-forwarded-for': ip, ...headers },
    });
  };
  const inbox = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/contact-messages${query}`, headers: admin.auth });

  it("stores the contact page's form and shows it to admins, newest first and unread", async () => {
    const res = await send(FORM);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });
    await send({ ...FORM, name: 'Later Sender', orderNumber: undefined, subject: 'other' });

    const reply = (await inbox()).json() as ContactInboxReply;
    expect(reply.messages.map((m) => m.name)).toEqual(['Later Sender', 'Asha Rao']);
    expect(reply.unread).toBe(2);
    expect(reply.messages[1]).toMatchObject({
      email: 'asha@example.com',
      subject: 'order',
      orderNumber: 'A-1042',
      message: 'My parcel has not arrived.\nCould you check, please?',
      userId: null,
      read: false,
      readAt: null,
    });
    expect(reply.messages[0]!.orderNumber).toBeNull();
  });

  it("takes the profile area's message alone from a signed-in shopper, answered at the account", async () => {
    const res = await send({ message: 'Please call me about my order.' }, shopper.auth);
    expect(res.statusCode).toBe(201);
    const [latest] = ((await inbox()).json() as ContactInboxReply).messages;
    expect(latest).toMatchObject({
      name: 'Meera Shah',
      email: 'meera@example.com',
      subject: null,
      userId: shopper.id,
      message: 'Please call me about my order.',
    });
  });

  it('asks a guest who sends only a message for a name and an email', async () => {
    const res = await send({ message: 'Hello?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'Name is required', email: 'Email is required' });
  });

  it('refuses what breaks the bounds, naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...FORM, name: 'x'.repeat(51) }, 'name'],
      [{ ...FORM, name: 'Asha\u0000Rao' }, 'name'],
      [{ ...FORM, email: 'not-an-email' }, 'email'],
      [{ ...FORM, email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ ...FORM, subject: 'complaint' }, 'subject'],
      [{ ...FORM, subject: '' }, 'subject'],
      [{ ...FORM, orderNumber: '1'.repeat(41) }, 'orderNumber'],
      [{ ...FORM, orderNumber: 'A\u001b[2J' }, 'orderNumber'],
      [{ ...FORM, message: '   ' }, 'message'],
      [{ ...FORM, message: 'x'.repeat(2001) }, 'message'],
      [{ ...FORM, message: 'ring the bell\u0007' }, 'message'],
      [{ ...FORM, message: 'hidden\u0085text' }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload).slice(0, 80)).toEqual([field]);
    }
    expect((await send({ ...FORM, subject: 'complaint' })).json().fields.subject).toBe(
      'Please select a subject',
    );
    // Unknown fields are refused, not kept.
    expect((await send({ ...FORM, isAdmin: true })).statusCode).toBe(400);
    // The longest message that fits, with tabs and Windows line ends (stored as \n), is taken.
    const longest = `${'x'.repeat(1990)}\r\n\tdone!`;
    expect((await send({ ...FORM, message: longest })).statusCode).toBe(201);
    const [stored] = ((await inbox()).json() as ContactInboxReply).messages;
    expect(stored!.message).toBe(`${'x'.repeat(1990)}\n\tdone!`);
  });

  it('lets an admin mark a message read and unread, and filter the inbox by it', async () => {
    const { messages } = (await inbox()).json() as ContactInboxReply;
    const target = messages.at(-1)!;
    const mark = (read: boolean, id = target._id) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/contact-messages/${id}/read`,
        headers: admin.auth,
        payload: { read },
      });

    clock.advance(60_000);
    const read = (await mark(true)).json() as ContactMessage;
    expect(read).toMatchObject({ _id: target._id, read: true, readAt: clock.now().toISOString() });
    // Opening it again later keeps the time it was first read.
    clock.advance(60_000);
    expect(((await mark(true)).json() as ContactMessage).readAt).toBe(read.readAt);

    const unreadOnly = (await inbox('?status=unread')).json() as ContactInboxReply;
    expect(unreadOnly.messages.map((m) => m._id)).not.toContain(target._id);
    expect(unreadOnly.unread).toBe(unreadOnly.total);
    const readOnly = (await inbox('?status=read')).json() as ContactInboxReply;
    expect(readOnly.messages.map((m) => m._id)).toEqual([target._id]);
    expect(readOnly.unread).toBe(unreadOnly.total);

    expect(((await mark(false)).json() as ContactMessage).read).toBe(false);
    expect(((await inbox('?status=read')).json() as ContactInboxReply).total).toBe(0);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contact-messages/${target._id}`,
      headers: admin.auth,
    });
    expect(one.json()).toMatchObject({ _id: target._id, name: 'Asha Rao' });
    expect((await mark(true, 'not-a-uuid')).statusCode).toBe(404);
    expect((await mark(true, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('pages the inbox', async () => {
    const first = (await inbox('?limit=2')).json() as ContactInboxReply;
    const second = (await inbox('?limit=2&page=2')).json() as ContactInboxReply;
    expect(first.pages).toBe(Math.ceil(first.total / 2));
    expect(first.messages).toHaveLength(2);
    expect(second.messages[0]!._id).not.toBe(first.messages[1]!._id);
    expect((await inbox('?status=spam')).statusCode).toBe(400);
  });
});

describe('the contact rate limit, shared by two server processes', () => {
  const clock = new ManualClock('2025-06-01T10:00:30.000Z');
  const processes = twoProcesses({ clock });

  const send = (app: TestApp, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/users/contactUs',
      payload: FORM,
      headers: { 'x-forwarded-for': ip },
    });

  it('takes CONTACT_MESSAGES_PER_ADDRESS messages per address in 10 minutes, counted in the database', async () => {
    const limit = contactLimit(processes.a.deps.config);
    expect(limit).toEqual({ requests: 20, windowMs: 600_000 });
    for (let i = 0; i < limit.requests; i++) {
      expect((await send(i % 2 ? processes.a : processes.b, '203.0.113.7')).statusCode).toBe(201);
    }
    const refused = await send(processes.a, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/wait a few minutes/);
    // The window started at 10:00:00; 30 s of its 10 minutes have passed.
    expect(refused.headers['retry-after']).toBe('570');
    expect((await send(processes.b, '203.0.113.7')).statusCode).toBe(429);
    // Another address is not affected; the next window starts afresh.
    expect((await send(processes.b, '203.0.113.8')).statusCode).toBe(201);
    clock.advance(570_000);
    expect((await send(processes.a, '203.0.113.7')).statusCode).toBe(201);
  });
});
