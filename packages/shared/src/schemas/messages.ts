import { z } from 'zod';
import { isoDate } from './common';
import { indianMobileSchema } from './phone';

// Messages the shop sends its shoppers (mail, WhatsApp): the outbox's words, shared by the server's
// table and the admin's list.

/** How a message reaches its shopper. */
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Where a message is in the outbox (modules/notify/message-lifecycle.ts holds the moves):
 * queued (waiting for its attempt) → sending (an attempt under way) → sent (the provider took it)
 * → delivered; failed (refused, or its attempts ran out); unknown (an attempt got no answer, so it
 * may have gone out: it is never sent again).
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a message is for; each has its mail and its WhatsApp template (modules/notify/message-templates.ts). */
export const MESSAGE_PURPOSES = [
  'order_placed',
  'cod_confirmation',
  'payment_link',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_issued',
  'return_requested',
  'return_to_review',
  'return_approved',
  'return_rejected',
  'stock_alert_confirm',
  'back_in_stock',
  'test',
] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(25);

/** GET /admin/messages: newest first; one status or all. */
export const adminMessagesQuerySchema = z
  .object({ status: z.enum(MESSAGE_STATUSES).optional(), page, limit })
  .strict();
export type AdminMessagesQuery = z.input<typeof adminMessagesQuerySchema>;
export type AdminMessagesParams = z.output<typeof adminMessagesQuerySchema>;

export const adminMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The shopper's address or mobile number (E.164). */
  recipient: z.string(),
  purpose: z.enum(MESSAGE_PURPOSES),
  /** The message as its reader sees it; signed links are removed once it is done with. */
  body: z.string(),
  orderId: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  /** Which service took it: whatsapp (Meta's Cloud API), log (recorded, not sent), smtp, outbox. */
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDate.nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessagesReplySchema = z
  .object({
    messages: z.array(adminMessageSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    /** Messages in each status, whatever the filter. */
    counts: z.record(z.enum(MESSAGE_STATUSES), z.number().int()),
    /** The phone channel as configured: whatsapp (sent), log (recorded only) or none (not queued). */
    phoneProvider: z.enum(['whatsapp', 'log', 'none']),
  })
  .meta({ id: 'AdminMessages' });
export type AdminMessagesReply = z.infer<typeof adminMessagesReplySchema>;

/** POST /admin/messages/test: a test WhatsApp message to the admin's own phone. */
export const testMessageBodySchema = z.object({ phone: indianMobileSchema }).strict();
export type TestMessageBody = z.input<typeof testMessageBodySchema>;

export const testMessageReplySchema = z.object({ message: adminMessageSchema });
export type TestMessageReply = z.infer<typeof testMessageReplySchema>;

/**
 * GET /messages/whatsapp/webhook: Meta's check of the webhook URL when it is subscribed (WhatsApp →
 * Configuration → Webhook): the verify token the shop set, and a challenge to send back.
 */
export const whatsappWebhookCheckQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** POST /messages/whatsapp/webhook: how many status reports the body held, and how many moved a message. */
export const messageWebhookReplySchema = z.object({
  reports: z.number().int(),
  applied: z.number().int(),
});
