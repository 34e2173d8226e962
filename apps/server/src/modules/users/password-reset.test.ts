import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualBackground } from '../../../test/background';
import { createTestApp, recordingInject, type TestApp } from '../../../test/helpers';
import { outboxEmails, passwordResetTokens } from '../../db/schema/users';

const PUBLIC_URL = 'https://shop.example';

describe('forgot and reset password', () => {
  let t: TestApp;
  const { bodies, call } = recordingInject(() => t.app);
  let oldToken = '';

  const forgot = (email: string) =>
    call({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    call({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { password } });
  const outbox = () => t.db.select().from(outboxEmails);
  const linkIn = (text: string) => {
    const match = /https:\/\/shop\.example\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  };

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    const res = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Ravi', email: 'ravi@example.com', password: 'sunrise42', phoneNumber: '9' },
    });
    oldToken = res.json().token;
  });
  afterAll(async () => t.close());

  it('answers the same for an unknown email and mails a link only for a known one', async () => {
    const unknown = await forgot('stranger@example.com');
    const known = await forgot('RAVI@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'If an account exists for this email, we have sent a link to reset its password.',
    );
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [mail] = await outbox();
    expect(mail!.to).toBe('ravi@example.com');
    expect(mail!.subject).toBe('Reset your Bazaar password');
    const token = linkIn(mail!.text);
    // Only the hash is kept: a database leak does not leak working links.
    const rows = await t.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('resets once with the link; the old session and the second use are refused', async () => {
    const [mail] = await outbox();
    const token = linkIn(mail!.text);
    const weak = await reset(token, 'abc');
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);

    const ok = await reset(token, 'newmoon88');
    expect(ok.statusCode).toBe(200);
    const again = await reset(token, 'newmoon99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'VALIDATION',
      message: 'This reset link is invalid or has expired',
    });

    const old = await call({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);
    const login = await call({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ravi@example.com', password: 'newmoon88' },
    });
    expect(login.statusCode).toBe(200);
    // The account's address is told, in case it was not its owner.
    await vi.waitFor(async () => {
      const notices = (await outbox()).filter((m) => m.subject === 'Your Bazaar password was changed');
      expect(notices.map((m) => m.to)).toEqual(['ravi@example.com']);
      expect(notices[0]!.text).toMatch(/reset with a link/);
    });
  });

  it('refuses an expired link and a made-up one', async () => {
    await forgot('ravi@example.com');
    await vi.waitFor(async () =>
      expect((await outbox()).filter((m) => m.subject === 'Reset your Bazaar password')).toHaveLength(2),
    );
    const mails = (await outbox())
      .filter((m) => m.subject === 'Reset your Bazaar password')
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    const token = linkIn(mails.at(-1)!.text);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    const expired = await reset(token, 'newmoon99');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This reset link is invalid or has expired');
    const madeUp = await reset('x'.repeat(43), 'newmoon99');
    expect(madeUp.statusCode).toBe(400);
  });

  it('never sends a password hash in any reply', () => {
    for (const body of bodies) expect(body).not.toContain('scrypt$');
  });
});

describe('forgot-password does the account work after the reply', () => {
  const background = new ManualBackground();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL }, { background });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Omar', email: 'omar@example.com', password: 'velvet-orchard-3', phoneNumber: '9' },
    });
  });
  afterAll(async () => t?.close());

  it('answers a known and an unknown email alike, before looking either up', async () => {
    const ask = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
    const known = await ask('omar@example.com');
    const unknown = await ask('nobody-here@example.com');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    // Nothing about either account was looked at or written while the requests were answered.
    expect(await t.db.select().from(passwordResetTokens)).toEqual([]);
    expect(background.queued.map((q) => q.name)).toEqual(['password reset link', 'password reset link']);

    await background.flush();
    expect(await t.db.select().from(passwordResetTokens)).toHaveLength(1);
    const mails = await t.db.select().from(outboxEmails);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['omar@example.com', 'Reset your Bazaar password']]);
  });
});
