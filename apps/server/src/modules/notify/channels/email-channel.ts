import type { Mailer } from '../../../lib/mailer/index';
import { errorText, neverConnected, type SendOutcome } from './send-outcome';

export interface EmailMessage {
  /** The outbox row's id, which makes the mail's Message-ID: mail programs show one copy per id. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe); the Message-ID is the channel's own. */
  headers?: Record<string, string> | undefined;
  secrets: readonly string[];
}

/** SMTP's answer to a refused mail (nodemailer sets these on its error). */
interface SmtpError {
  code?: string;
  responseCode?: number;
}

/**
 * Mail through the shop's mailer as every other mail goes (SMTP with SMTP_URL, else the outbox
 * table), with the outbox's rule for what an error means: an SMTP reply code is an answer (4xx: try
 * again later, 5xx: refused), a connection that never opened sent nothing, and a connection lost
 * during the exchange may have left the mail with the server, so it is not sent again.
 */
export class EmailChannel {
  constructor(
    private readonly mailer: Mailer,
    private readonly messageIdDomain: string,
  ) {}

  get provider(): 'smtp' | 'outbox' {
    return this.mailer.kind;
  }

  async send(message: EmailMessage): Promise<SendOutcome> {
    const messageId = `<${message.id}@${this.messageIdDomain}>`;
    try {
      await this.mailer.send({
        to: message.to,
        subject: message.subject,
        text: message.text,
        headers: { ...message.headers, 'Message-ID': messageId },
        secrets: message.secrets,
      });
      return { kind: 'accepted', providerMessageId: messageId };
    } catch (error) {
      const e = error as SmtpError;
      const text = errorText(error);
      // The outbox table never half-stores a mail: its failure (the database away) sent nothing.
      if (this.mailer.kind === 'outbox') return { kind: 'retry', error: `mail not stored: ${text}` };
      if (typeof e.responseCode === 'number') {
        return e.responseCode >= 500
          ? { kind: 'refused', error: `the mail server refused it: ${text}` }
          : { kind: 'retry', error: `the mail server deferred it: ${text}` };
      }
      if (e.code === 'EDNS' || neverConnected(error) || neverConnected({ code: originalCode(error) })) {
        return { kind: 'retry', error: `the mail server could not be reached: ${text}` };
      }
      // Refused by nodemailer itself before sending (a bad address).
      if (e.code === 'EENVELOPE') return { kind: 'refused', error: text };
      return { kind: 'unknown', error: `the mail server's answer was lost: ${text}` };
    }
  }
}

/** nodemailer keeps the system's code (ECONNREFUSED) as originalCode when it sets its own. */
function originalCode(error: unknown): string | undefined {
  const code = (error as { originalCode?: unknown } | undefined)?.originalCode;
  return typeof code === 'string' ? code : undefined;
}
