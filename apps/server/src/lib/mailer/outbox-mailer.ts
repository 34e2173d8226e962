import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './mailer';

export const REMOVED_SECRET =
  '[removed: this shop keeps no working links in its outbox; set SMTP_URL to send mail]';

export interface OutboxOptions {
  /** Keep secrets (reset links) in the stored copy: only outside production, where nobody else reads the table. */
  keepSecrets: boolean;
  /** Write the message's links to the log: in development only, so a local shop can reset a password. */
  logLinks: boolean;
}

/**
 * Without an SMTP server, mail is kept in the outbox (a table; the composition root hands in how to
 * store a message). In production the stored copy has its secrets removed (a database dump or an
 * operator reading the table must not get working reset links) and nothing of it is logged but the
 * recipient and subject; in development the links stay and are logged, so a shop run locally can
 * still reset passwords.
 */
export class OutboxMailer implements MailTransport {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly store: (message: MailMessage) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxOptions,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const kept = this.options.keepSecrets ? message : withoutSecrets(message);
    await this.store(kept);
    const links = this.options.logLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : undefined;
    this.log.info(
      { to: message.to, subject: message.subject, ...(links ? { links } : {}) },
      'mail stored in the outbox (no SMTP_URL)',
    );
  }

  async close(): Promise<void> {}
}

function withoutSecrets(message: MailMessage): MailMessage {
  const scrub = (value: string) =>
    (message.secrets ?? []).reduce((text, secret) => text.split(secret).join(REMOVED_SECRET), value);
  return {
    to: message.to,
    subject: message.subject,
    text: scrub(message.text),
    html: message.html === undefined ? undefined : scrub(message.html),
  };
}
