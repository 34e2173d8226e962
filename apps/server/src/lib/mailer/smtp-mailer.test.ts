import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp-server';
import { outboxEmails } from '../../db/schema/users';
import { SmtpMailer } from './smtp-mailer';

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      publicUrl: 'http://shop.local:3000',
      mail: { smtpUrl: smtp.url, from: 'Bazaar <no-reply@bazaar.local>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a message to the SMTP server', async () => {
    const mailer = new SmtpMailer(smtp.url, 'Bazaar <shop@bazaar.local>');
    await mailer.send({
      to: 'asha@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Html body</p>',
    });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('shop@bazaar.local');
    expect(mail!.to).toEqual(['asha@example.com']);
    expect(mail!.raw).toContain('Subject: Hello');
    expect(mail!.raw).toContain('Plain body');
    expect(mail!.raw).toContain('<p>Html body</p>');
  });

  it('sends the reset link through SMTP when SMTP_URL is set, not into the outbox', async () => {
    expect(t.deps.mailer.kind).toBe('smtp');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Mira', email: 'mira@example.com', password: 'sunrise42', phoneNumber: '5' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'mira@example.com' },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes('mira@example.com'))).toBe(true), {
      timeout: 5000,
    });
    const mail = smtp.received.find((m) => m.to.includes('mira@example.com'))!;
    // Quoted-printable may wrap long lines with a soft break ("=\r\n").
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(
      /http:\/\/shop\.local:3000\/reset-password\/[A-Za-z0-9_-]{43}/,
    );
    expect(await t.db.select().from(outboxEmails)).toHaveLength(0);
  });
});
