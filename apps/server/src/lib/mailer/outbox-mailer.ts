import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './mailer';

/**
 * Without an SMTP server, mail is kept in the outbox (a table; the composition
 * root hands in how to store a message) and its links are written to the log,
 * so a shop run locally can still reset passwords.
 */
export class OutboxMailer implements MailTransport {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly store: (message: MailMessage) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.store(message);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log.info(
      { to: message.to, subject: message.subject, links },
      'mail stored in the outbox (no SMTP_URL)',
    );
  }

  async close(): Promise<void> {}
}
