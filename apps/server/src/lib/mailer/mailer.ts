import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers (List-Unsubscribe on newsletter mail); the outbox does not keep them. */
  headers?: Record<string, string> | undefined;
  /**
   * Parts of the message that work as a key (a reset link): sent, but never kept at rest or logged
   * outside development.
   */
  secrets?: readonly string[] | undefined;
}

/** Hands a message on; chosen once at start-up (SMTP when configured, the outbox table otherwise). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** What services send mail through: a transport, plus sending that does not make a request wait. */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  get kind(): MailTransport['kind'] {
    return this.transport.kind;
  }

  send(message: MailMessage): Promise<void> {
    return this.transport.send(message);
  }

  /**
   * Sends without waiting (so reply timing tells nothing about whether an
   * account exists); a failure is logged, and close() waits for what is still going.
   */
  sendInBackground(message: MailMessage): void {
    const sending = this.transport
      .send(message)
      .catch((err) => this.log.error({ err, to: message.to, subject: message.subject }, 'mail not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.transport.close();
  }
}
