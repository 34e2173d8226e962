import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer, MailMessage } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage } from './mailer';
export { OutboxMailer } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Sends without making the request wait (so reply timing tells nothing about
     * whether an account exists); failures are logged, and closing the app waits for it.
     */
    sendMailInBackground(message: MailMessage): void;
  }
}

export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, from } = app.config.mail;
    const mailer: Mailer = smtpUrl ? new SmtpMailer(smtpUrl, from) : new OutboxMailer(app.db, app.log);
    const pending = new Set<Promise<void>>();
    app.decorate('mailer', mailer);
    app.decorate('sendMailInBackground', (message: MailMessage) => {
      const sending = mailer
        .send(message)
        .catch((err) => app.log.error({ err, to: message.to, subject: message.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: [] },
);
