import type { SendOutcome } from './send-outcome';

/** A WhatsApp template message: the template the shop registered, in its language, with its body's values. */
export interface TemplateMessage {
  name: string;
  language: string;
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[];
}

export interface PhoneMessage {
  /** The outbox row's id: sent along (WhatsApp hands it back in status reports) to tie a report to it. */
  id: string;
  /** E.164, +91 and 10 digits. */
  to: string;
  template: TemplateMessage;
}

/** What a status webhook says about one message. */
export interface StatusReport {
  providerMessageId: string;
  /** Our outbox id, when the provider carried it back. */
  outboxId: string | undefined;
  status: 'sent' | 'delivered' | 'failed';
  /** Why it failed, in the provider's words. */
  error: string | undefined;
  at: Date;
}

/**
 * The phone channel's provider, chosen once at start-up (deps.ts, MESSAGING_PROVIDER): WhatsApp's
 * Cloud API, or the local log that records without sending. Never throws from send(): every way an
 * attempt can end is a SendOutcome.
 */
export interface PhoneProvider {
  readonly kind: 'whatsapp' | 'log';
  send(message: PhoneMessage): Promise<SendOutcome>;
  /** Whether a webhook's raw body carries the provider's signature; false when it has no secret to check with. */
  webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
  /** The status reports a (signed) webhook body holds; undefined when it is not a webhook of this provider. */
  statusReports(rawBody: Buffer): StatusReport[] | undefined;
  /** The answer to the provider's check of the webhook URL (the challenge), or undefined to refuse it. */
  verifySubscription(query: { mode?: string; token?: string; challenge?: string }): string | undefined;
}
