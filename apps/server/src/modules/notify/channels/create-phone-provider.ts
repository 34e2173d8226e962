import type { FastifyBaseLogger } from 'fastify';
import type { MessagingConfig } from '../../../config-messaging';
import { LogPhoneProvider } from './log-provider';
import type { PhoneProvider } from './phone-provider';
import { WhatsAppProvider } from './whatsapp-provider';

/** The phone provider the config chose (config-messaging.ts), built once at start-up; none with `none`. */
export function createPhoneProvider(
  config: { env: string; messaging: MessagingConfig },
  log: FastifyBaseLogger,
): PhoneProvider | undefined {
  const { provider, whatsapp } = config.messaging;
  if (provider === 'none') return undefined;
  if (provider === 'log') {
    if (config.env === 'production') {
      log.warn(
        'WhatsApp messages are recorded, not sent (MESSAGING_PROVIDER=log, or no WhatsApp keys): the admin sees them under Messages',
      );
    }
    return new LogPhoneProvider(log);
  }
  const { accessToken, phoneNumberId } = whatsapp;
  // loadConfig refuses this already; a config built by hand must not fall back to the log either.
  if (!accessToken || !phoneNumberId) {
    throw new Error('WhatsApp is the phone provider but its access token or phone number id is missing');
  }
  if (!whatsapp.appSecret) {
    log.warn('WHATSAPP_APP_SECRET is not set: status webhooks are refused, so messages stay "sent"');
  }
  return new WhatsAppProvider({ ...whatsapp, accessToken, phoneNumberId });
}
