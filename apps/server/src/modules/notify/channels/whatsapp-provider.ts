import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhoneMessage, PhoneProvider, StatusReport } from './phone-provider';
import { errorText, neverConnected, type SendOutcome } from './send-outcome';

export interface WhatsAppOptions {
  accessToken: string;
  phoneNumberId: string;
  /** Checks the webhooks' X-Hub-Signature-256; without it every webhook is refused. */
  appSecret: string | undefined;
  /** What the webhook URL's subscription check must present (hub.verify_token). */
  verifyToken: string | undefined;
  /** Meta's Graph API (https://graph.facebook.com); a test points it at a local server speaking the same API. */
  apiUrl: string;
  apiVersion: string;
  timeoutMs: number;
}

/** A Graph API error reply: `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`. */
interface GraphError {
  message?: string;
  code?: number;
  error_data?: { details?: string };
}

/**
 * Error codes with which Meta says the message was not sent and may be tried again later (Cloud API
 * error codes: throttling, temporary and unknown server errors). Any other error answer is final.
 */
const TRY_AGAIN_CODES = new Set([
  1, // API Unknown
  2, // API Service: temporary downtime or overload
  4, // API Too Many Calls
  80007, // the business account's rate limit
  130429, // Cloud API throughput reached
  131000, // something went wrong: not sent
  131016, // service unavailable
  131048, // spam rate limit: fewer messages for a while
  131056, // too many messages to this number: a pair rate limit
  133004, // server temporarily unavailable
]);

const MAX_RETRY_AFTER_MS = 60 * 60_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - Date.now()), MAX_RETRY_AFTER_MS);
}

function describe(status: number, error: GraphError | undefined): string {
  const code = error?.code === undefined ? '' : ` (#${error.code})`;
  const detail = error?.error_data?.details ?? error?.message ?? 'no error body';
  return `WhatsApp answered ${status}${code}: ${detail}`.slice(0, 500);
}

/**
 * Meta's WhatsApp Cloud API over plain HTTP (`fetch`): Meta publishes no maintained Node SDK for it
 * (docs/decisions/166-whatsapp-cloud-api.md). Sends template messages from the shop's business
 * number, reads the status webhooks (signed with the app secret) and answers the webhook's
 * subscription check. The Cloud API has no idempotency key, so an attempt whose answer is lost is
 * `unknown`, never tried again; the outbox id travels as `biz_opaque_callback_data`, which the status
 * webhooks carry back, so a late report still settles it.
 */
export class WhatsAppProvider implements PhoneProvider {
  readonly kind = 'whatsapp' as const;

  constructor(private readonly options: WhatsAppOptions) {}

  async send(message: PhoneMessage): Promise<SendOutcome> {
    const { apiUrl, apiVersion, phoneNumberId, accessToken, timeoutMs } = this.options;
    const { template } = message;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        ...(template.parameters.length > 0
          ? {
              components: [
                { type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) },
              ],
            }
          : {}),
      },
      biz_opaque_callback_data: message.id,
    };
    let res: Response;
    try {
      res = await fetch(`${apiUrl}/${apiVersion}/${phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Refused or unresolved before connecting: nothing left this machine. Anything else (a timeout,
      // a connection reset) may have happened after Meta took the message.
      return neverConnected(error)
        ? { kind: 'retry', error: `WhatsApp could not be reached: ${errorText(error)}` }
        : { kind: 'unknown', error: `WhatsApp did not answer: ${errorText(error)}` };
    }
    let reply: { messages?: { id?: unknown }[]; error?: GraphError } | undefined;
    try {
      reply = (await res.json()) as typeof reply;
    } catch (error) {
      if (res.ok) return { kind: 'unknown', error: `WhatsApp's answer was cut off: ${errorText(error)}` };
      reply = undefined;
    }
    if (res.ok) {
      const id = reply?.messages?.[0]?.id;
      return typeof id === 'string' && id !== ''
        ? { kind: 'accepted', providerMessageId: id }
        : { kind: 'unknown', error: `WhatsApp answered ${res.status} without a message id` };
    }
    const error = reply?.error;
    const again = res.status >= 500 || res.status === 429 || TRY_AGAIN_CODES.has(error?.code ?? -1);
    return again
      ? {
          kind: 'retry',
          error: describe(res.status, error),
          retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
        }
      : { kind: 'refused', error: describe(res.status, error) };
  }

  webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean {
    const secret = this.options.appSecret;
    const hex = signature?.match(/^sha256=([0-9a-f]{64})$/i)?.[1];
    if (!secret || !hex) return false;
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
  }

  statusReports(rawBody: Buffer): StatusReport[] | undefined {
    let body: WebhookBody;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
    } catch {
      return undefined;
    }
    if (body?.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return undefined;
    const reports: StatusReport[] = [];
    for (const entry of body.entry) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        const value = change?.value;
        if (change?.field !== 'messages' || !value) continue;
        // One app may serve several business numbers: only this shop's number's reports are ours.
        const number = value.metadata?.phone_number_id;
        if (number !== undefined && number !== this.options.phoneNumberId) continue;
        for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
          const report = toReport(status);
          if (report) reports.push(report);
        }
      }
    }
    return reports;
  }

  verifySubscription(query: { mode?: string; token?: string; challenge?: string }): string | undefined {
    const expected = this.options.verifyToken;
    if (query.mode !== 'subscribe' || !expected || query.token === undefined || !query.challenge) {
      return undefined;
    }
    const a = Buffer.from(query.token);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b) ? query.challenge : undefined;
  }
}

interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  biz_opaque_callback_data?: unknown;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

interface WebhookBody {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: { metadata?: { phone_number_id?: string }; statuses?: WebhookStatus[] };
    }[];
  }[];
}

/** read implies delivered; deleted and warnings say nothing about delivery. */
const STATUS_OF: Record<string, StatusReport['status']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
};

function toReport(status: WebhookStatus): StatusReport | undefined {
  const mapped = typeof status?.status === 'string' ? STATUS_OF[status.status] : undefined;
  if (!mapped || typeof status.id !== 'string' || status.id === '') return undefined;
  const seconds = Number(status.timestamp);
  const error = status.errors?.[0];
  return {
    providerMessageId: status.id,
    outboxId:
      typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : undefined,
    status: mapped,
    error: error
      ? `#${error.code ?? '?'} ${error.error_data?.details ?? error.message ?? error.title ?? ''}`
          .trim()
          .slice(0, 500)
      : undefined,
    at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
  };
}
