export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** Sends mail; chosen once at start-up (SMTP when configured, the outbox table otherwise). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
