import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema/users';
import type { Mailer, MailMessage } from './mailer';

/**
 * Without an SMTP server, mail is kept in the outbox_emails table and its
 * links are written to the log, so a shop run locally can still reset passwords.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outboxEmails).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    });
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log.info(
      { to: message.to, subject: message.subject, links },
      'mail stored in the outbox (no SMTP_URL)',
    );
  }

  async close(): Promise<void> {}
}
