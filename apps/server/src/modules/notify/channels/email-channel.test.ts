import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/server-process';
import { createLogger } from '../../../lib/log';
import { Mailer, SmtpMailer } from '../../../lib/mailer/index';
import { EmailChannel, type EmailMessage } from './email-channel';

const log = createLogger('silent', 'json');

/**
 * A real SMTP server whose answers depend on the recipient: `refused@` gets a 550 (no such user),
 * `deferred@` a 451 (try later), `lost@` has its connection cut once the message is in, before the
 * answer; anyone else's mail is kept.
 */
async function startPickySmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reject = (code: number, text: string) =>
        callback(Object.assign(new Error(text), { responseCode: code }));
      if (address.address.startsWith('refused@')) return reject(550, 'No such user here');
      if (address.address.startsWith('deferred@')) return reject(451, 'Try again later');
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        if (session.envelope.rcptTo.some((r) => r.address.startsWith('lost@'))) {
          const connections = (server as unknown as { connections: Set<{ id: string; _socket: Socket }> })
            .connections;
          for (const c of connections) if (c.id === session.id) c._socket.destroy();
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (to: string): EmailMessage => ({
  id: '5f1d7a52-8a0e-4c8e-9d43-0b8e3b2f7c11',
  to,
  subject: 'Bazaar: order #A1 placed',
  text: 'Hi Asha, thank you for your order.',
  secrets: [],
});

describe('mail as a message channel, through the shop mailer and a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startPickySmtp>>;
  let channel: EmailChannel;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startPickySmtp();
    mailer = new Mailer(new SmtpMailer(smtp.url, 'Bazaar <shop@bazaar.local>'), log);
    channel = new EmailChannel(mailer, 'shop.example');
  });
  afterAll(async () => {
    await mailer.close();
    await smtp.close();
  });

  it('hands the mail over with a Message-ID made of the outbox id, which it records', async () => {
    const outcome = await channel.send(message('asha@example.com'));
    expect(outcome).toEqual({
      kind: 'accepted',
      providerMessageId: '<5f1d7a52-8a0e-4c8e-9d43-0b8e3b2f7c11@shop.example>',
    });
    expect(channel.provider).toBe('smtp');
    const raw = smtp.received.at(-1)!;
    expect(raw).toContain('Message-ID: <5f1d7a52-8a0e-4c8e-9d43-0b8e3b2f7c11@shop.example>');
    expect(raw).toContain('Subject: Bazaar: order #A1 placed');
  });

  it("takes the server's 5xx as a refusal and its 4xx as a reason to try later", async () => {
    expect(await channel.send(message('refused@example.com'))).toMatchObject({
      kind: 'refused',
      error: expect.stringContaining('550'),
    });
    expect(await channel.send(message('deferred@example.com'))).toMatchObject({
      kind: 'retry',
      error: expect.stringContaining('451'),
    });
  });

  it('tries later when the server cannot be reached: nothing was handed over', async () => {
    const nowhere = new Mailer(
      new SmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 'shop@bazaar.local'),
      log,
    );
    try {
      expect(await new EmailChannel(nowhere, 'shop.example').send(message('asha@example.com'))).toMatchObject(
        {
          kind: 'retry',
          error: expect.stringContaining('could not be reached'),
        },
      );
    } finally {
      await nowhere.close();
    }
  });

  it('calls a mail whose answer was cut off after it was handed over unknown (it is not sent again)', async () => {
    const before = smtp.received.length;
    const outcome = await channel.send(message('lost@example.com'));
    expect(outcome).toMatchObject({ kind: 'unknown' });
    expect(smtp.received.length).toBe(before + 1);
  });
});
