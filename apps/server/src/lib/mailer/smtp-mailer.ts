import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './mailer';

/** Hands mail to the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpMailer implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
