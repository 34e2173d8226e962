import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PhoneMessage, PhoneProvider } from './phone-provider';
import type { SendOutcome } from './send-outcome';

/**
 * The local stand-in for WhatsApp (MESSAGING_PROVIDER=log, the default without WhatsApp's keys): each
 * message is taken at once and stays in the outbox, where the admin's Messages list shows it; nothing
 * leaves the machine. It sends no status reports, so its messages stay `sent`.
 */
export class LogPhoneProvider implements PhoneProvider {
  readonly kind = 'log' as const;

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: PhoneMessage): Promise<SendOutcome> {
    this.log.info(
      { messageId: message.id, template: message.template.name },
      'phone message recorded, not sent (MESSAGING_PROVIDER=log)',
    );
    return { kind: 'accepted', providerMessageId: `log.${randomUUID()}` };
  }

  webhookSignatureValid(): boolean {
    return false;
  }

  statusReports(): undefined {
    return undefined;
  }

  verifySubscription(): undefined {
    return undefined;
  }
}
