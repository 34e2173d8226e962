import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Meta's Graph API, where the WhatsApp Cloud API lives; only tests point the adapter elsewhere. */
export const WHATSAPP_API_URL = 'https://graph.facebook.com';

/** The environment's names for messages to shoppers beyond mail (README, "Messages"). */
export const MESSAGING_VARIABLES = {
  MESSAGING_PROVIDER: optionalString.pipe(z.enum(['whatsapp', 'log', 'none']).optional()),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, 'the numeric id Meta shows for the phone number')
      .optional(),
  ),
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'a language code such as en, en_US or hi')
    .default('en'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'a Graph API version such as v23.0')
    .default('v23.0'),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Tests point the adapter at a local server speaking the Cloud API; ignored outside NODE_ENV=test.
  WHATSAPP_API_URL: optionalString.pipe(z.string().url().optional()),
  MESSAGES_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
};

type MessagingEnv = z.output<z.ZodObject<typeof MESSAGING_VARIABLES>> & {
  NODE_ENV: 'development' | 'production' | 'test';
};

export interface MessagingConfig {
  /**
   * Where phone messages go: `whatsapp` (Meta's WhatsApp Cloud API), `log` (recorded in the outbox
   * and shown to the admin, never sent: the demo's and development's) or `none` (not queued at all).
   * Mail goes through the mailer whichever is chosen.
   */
  provider: 'whatsapp' | 'log' | 'none';
  whatsapp: {
    accessToken: string | undefined;
    phoneNumberId: string | undefined;
    /** Signs the status webhooks (X-Hub-Signature-256); without it every webhook is refused. */
    appSecret: string | undefined;
    /** Answers Meta's subscription check of the webhook URL (hub.verify_token). */
    verifyToken: string | undefined;
    templateLanguage: string;
    apiUrl: string;
    apiVersion: string;
    timeoutMs: number;
  };
  /** How often each process delivers what is due (0: never; tests run it themselves). */
  checkMs: number;
}

/**
 * Which phone provider the shop uses. Unset: WhatsApp when its token and phone number id are set,
 * else the local log. WhatsApp chosen in production needs its token, phone number id and app secret
 * (a shop that cannot see delivery reports cannot tell a shopper who got nothing): the server refuses
 * to start, naming what is missing. Outside production only the token and number are needed.
 */
export function messagingFromEnv(
  e: MessagingEnv,
): { ok: true; value: MessagingConfig } | { ok: false; problem: string } {
  const credentials = Boolean(e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
  const provider = e.MESSAGING_PROVIDER ?? (credentials ? 'whatsapp' : 'log');
  if (provider === 'whatsapp') {
    const needed = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] as const;
    const required = e.NODE_ENV === 'production' ? [...needed, 'WHATSAPP_APP_SECRET' as const] : needed;
    const missing = required.filter((name) => !e[name]);
    if (missing.length > 0) {
      return {
        ok: false,
        problem: `MESSAGING_PROVIDER is whatsapp, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (Meta's App Dashboard → WhatsApp → API Setup; the app secret under App settings → Basic), or set MESSAGING_PROVIDER=log to record messages without sending them`,
      };
    }
  }
  const value: MessagingConfig = {
    provider,
    whatsapp: {
      accessToken: e.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
      apiUrl: (e.NODE_ENV === 'test' ? e.WHATSAPP_API_URL : undefined) ?? WHATSAPP_API_URL,
      apiVersion: e.WHATSAPP_API_VERSION,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
    },
    checkMs: e.MESSAGES_CHECK_MS,
  };
  return { ok: true, value };
}
