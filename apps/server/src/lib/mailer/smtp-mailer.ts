import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './mailer';

/** Hands mail to the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpMailer implements MailTransport {
  readonly kind = 'smtp' as const;
  // nodemailer is loaded with the first message, not by every process that may never send one.
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.smtpUrl),
    );
    const transport = await this.transport;
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
