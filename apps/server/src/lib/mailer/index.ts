export { Mailer, type MailMessage, type MailTransport } from './mailer';
export { OutboxMailer } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';
