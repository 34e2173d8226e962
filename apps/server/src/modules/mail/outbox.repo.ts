import type { DbOrTx } from '../../db/client';
import { outboxEmails } from '../../db/schema/users';
import type { MailMessage } from '../../lib/mailer/index';

/** Keeps a message the shop could not hand to an SMTP server, so a person can read it. */
export async function insertOutboxEmail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(outboxEmails).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}
