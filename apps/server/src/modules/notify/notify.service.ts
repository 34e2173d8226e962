import {
  type AdminMessage,
  type AdminMessagesParams,
  type AdminMessagesReply,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessagePurpose,
  type MessageStatus,
} from '@bazaar/shared/schemas/messages';
import { INDIAN_MOBILE_MESSAGE, normaliseIndianMobile } from '@bazaar/shared/schemas/phone';
import type { FastifyBaseLogger } from 'fastify';
import { Counter } from 'prom-client';
import type { Db, DbOrTx } from '../../db/client';
import { afterCommit, inTransaction } from '../../db/transaction';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/errors';
import { killPoint } from '../../lib/kill-point';
import { registry } from '../../lib/metrics';
import type { EmailChannel } from './channels/email-channel';
import type { PhoneProvider, StatusReport, TemplateMessage } from './channels/phone-provider';
import type { SendOutcome } from './channels/send-outcome';
import { movableFrom } from './message-lifecycle';
import { fillTemplate, type PurposeParams, renderMessage, WHATSAPP_TEMPLATES } from './message-templates';
import {
  claimDueMessages,
  countMessagesByStatus,
  findMessage,
  findMessagePage,
  insertMessages,
  lockReportedMessage,
  lockStaleSending,
  type MessageRow,
  moveMessage,
  type NewMessage,
} from './notify.repo';
import { retryWaitMs } from './retry-schedule';

const messageOutcomes = new Counter({
  name: 'bazaar_messages_total',
  help: 'Attempts at messages to shoppers, by channel and outcome (accepted, retry, refused, unknown)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

/** Who a message goes to: an address, a mobile number (as typed; normalised here), or both. */
export interface Recipient {
  email?: string | null | undefined;
  phone?: string | null | undefined;
}

export interface EnqueueOptions {
  orderId?: string;
  /**
   * Queued once per channel: a second enqueue with the same key changes nothing. Defaults to
   * `<purpose>:<orderId>` for a message about an order (its "placed" message goes once, however
   * many paths report the payment); a message may go again only under another key.
   */
  key?: string;
}

/** The narrow part of the shop's settings a message needs, read in the caller's transaction. */
export interface ShopName {
  get(db: DbOrTx): Promise<{ name: string }>;
}

/** The audit log, as the admin's test message writes to it. */
export interface MessageAudit {
  record(
    tx: DbOrTx,
    actor: { id: string; email: string },
    change: {
      action: `message.${string}`;
      entityId: string | null;
      summary: string;
      after?: Record<string, unknown>;
    },
  ): Promise<void>;
}

export interface NotifyServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  background: Background;
  email: EmailChannel;
  /** The phone provider (WhatsApp, or the local log); undefined with MESSAGING_PROVIDER=none. */
  phone: PhoneProvider | undefined;
  /** The language the shop registered its WhatsApp templates in. */
  templateLanguage: string;
  /**
   * How long an attempt on each channel may go without recording its answer before it counts as
   * lost (its process stopped): longer than the channel's slowest answer, so a slow attempt is not
   * given up on while it still runs (it would end unknown rather than sent or retried).
   */
  staleAfterMs: Record<MessageChannel, number>;
  settings: ShopName;
  audit: MessageAudit;
}

/**
 * Messages one process claims at once, and then sends at once: a claimed message is always one in
 * flight, so a process that dies leaves as unknown only messages that may really have gone.
 */
const CLAIM_BATCH = 10;
const PER_ROUND = 100;

interface WhatsAppPayload {
  template: TemplateMessage;
}
interface EmailPayload {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export const REMOVED_SECRET = '[link removed once sent]';

/**
 * The messages the shop sends its shoppers (docs/decisions/167-messages-sent-at-most-once.md):
 * `enqueue` writes them to the outbox in the caller's transaction; `runDue` (every process, on a
 * timer, and right after an enqueue commits) claims what is due and sends it; `webhook` applies the
 * provider's status reports. A message is sent at most once: see message-lifecycle.ts.
 */
export class NotifyService {
  constructor(private readonly deps: NotifyServiceDeps) {}

  /** What the phone channel is: whatsapp, log (recorded, not sent), or none. */
  get phoneProvider(): 'whatsapp' | 'log' | 'none' {
    return this.deps.phone?.kind ?? 'none';
  }

  /**
   * Queues `purpose` to the recipient on each channel it can reach: mail with an address, WhatsApp
   * with a mobile number when the shop has a phone provider. Runs in `tx` (the change the message is
   * about commits with it, or neither does); delivery starts once it commits. A phone number that is
   * not an Indian mobile number is a 400.
   */
  async enqueue<P extends MessagePurpose>(
    tx: DbOrTx,
    purpose: P,
    to: Recipient,
    params: PurposeParams[P],
    options: EnqueueOptions = {},
  ): Promise<MessageRow[]> {
    const phone = to.phone ? normaliseIndianMobile(to.phone) : undefined;
    if (to.phone && !phone) throw badRequest(INDIAN_MOBILE_MESSAGE, { phone: INDIAN_MOBILE_MESSAGE });
    // In `tx`: on the embedded database a read beside an open transaction would wait for it.
    const shop = (await this.deps.settings.get(tx)).name;
    const rendered = renderMessage(purpose, params, shop);
    const key = options.key ?? (options.orderId ? `${purpose}:${options.orderId}` : null);
    const now = this.deps.clock.now();
    const common = {
      purpose,
      secrets: rendered.secrets.length > 0 ? rendered.secrets : null,
      orderId: options.orderId ?? null,
      dedupeKey: key,
      nextAttemptAt: now,
    };
    const rows: NewMessage[] = [];
    if (to.email) {
      const payload: EmailPayload = { subject: rendered.subject, text: rendered.text };
      if (rendered.headers) payload.headers = rendered.headers;
      rows.push({ ...common, channel: 'email', recipient: to.email, payload, body: rendered.text });
    }
    if (phone && this.deps.phone) {
      const template = WHATSAPP_TEMPLATES[purpose];
      const payload: WhatsAppPayload = {
        template: {
          name: template.name,
          language: template.language ?? this.deps.templateLanguage,
          parameters: rendered.parameters,
        },
      };
      const body = fillTemplate(template.body, rendered.parameters);
      rows.push({ ...common, channel: 'whatsapp', recipient: phone, payload, body });
    }
    const queued = await insertMessages(tx, rows);
    if (queued.length > 0) {
      afterCommit(tx, () => this.deps.background.run('messages', () => this.runDue()));
    }
    return queued;
  }

  /**
   * One round of delivery: attempts that lost their answer become unknown, then what is due is
   * claimed a batch at a time and sent, until none is due or a round's worth went.
   */
  async runDue(): Promise<void> {
    await this.markLostAttempts();
    const channels: MessageChannel[] = this.deps.phone ? ['email', 'whatsapp'] : ['email'];
    for (let sent = 0; sent < PER_ROUND; ) {
      const claimed = await claimDueMessages(this.deps.db, channels, this.deps.clock.now(), CLAIM_BATCH);
      if (claimed.length === 0) return;
      killPoint('notify:claimed');
      // Every attempt ends (a shutdown waits for the round) before a failure to record one is raised.
      const ended = await Promise.allSettled(claimed.map((message) => this.attempt(message)));
      const failed = ended.find((e) => e.status === 'rejected');
      if (failed) throw failed.reason;
      sent += claimed.length;
    }
  }

  /** Sends one claimed message and records what came of it. */
  private async attempt(message: MessageRow): Promise<void> {
    const outcome = await this.send(message);
    messageOutcomes.inc({ channel: message.channel, outcome: outcome.kind });
    if (outcome.kind === 'accepted') killPoint('notify:accepted');
    const now = this.deps.clock.now();
    const claim = { attempts: message.attempts };
    const provider = this.providerOf(message.channel as MessageChannel);
    const done = { provider, ...this.scrubbed(message) };
    switch (outcome.kind) {
      case 'accepted': {
        // Still sending, or unknown if a sweep gave up on it meanwhile; a status report may have moved it on.
        const moved = await moveMessage(
          this.deps.db,
          message.id,
          movableFrom('sent', 'job'),
          {
            status: 'sent',
            providerMessageId: outcome.providerMessageId,
            sentAt: now,
            sendingSince: null,
            lastError: null,
            updatedAt: now,
            ...done,
          },
          claim,
        );
        if (!moved) {
          this.deps.log.info(
            { messageId: message.id },
            'message taken; a status report had recorded it first',
          );
        }
        return;
      }
      case 'retry': {
        const wait = retryWaitMs(message.attempts, { retryAfterMs: outcome.retryAfterMs });
        if (wait === undefined) {
          await this.fail(message, `${outcome.error} (gave up after ${message.attempts} attempts)`, now);
          return;
        }
        await moveMessage(
          this.deps.db,
          message.id,
          ['sending'],
          {
            status: 'queued',
            nextAttemptAt: new Date(now.getTime() + wait),
            provider,
            sendingSince: null,
            lastError: outcome.error,
            updatedAt: now,
          },
          claim,
        );
        return;
      }
      case 'refused':
        await this.fail(message, outcome.error, now);
        return;
      case 'unknown':
        this.deps.log.warn(
          { messageId: message.id, channel: message.channel, error: outcome.error },
          'message attempt got no answer: it may have been sent, so it is not sent again',
        );
        await moveMessage(
          this.deps.db,
          message.id,
          ['sending'],
          { status: 'unknown', sendingSince: null, lastError: outcome.error, updatedAt: now, ...done },
          claim,
        );
        return;
    }
  }

  private async fail(message: MessageRow, error: string, now: Date): Promise<void> {
    this.deps.log.warn({ messageId: message.id, channel: message.channel, error }, 'message not sent');
    await moveMessage(
      this.deps.db,
      message.id,
      ['sending'],
      {
        status: 'failed',
        provider: this.providerOf(message.channel as MessageChannel),
        sendingSince: null,
        lastError: error,
        updatedAt: now,
        ...this.scrubbed(message),
      },
      { attempts: message.attempts },
    );
  }

  private providerOf(channel: MessageChannel): string | null {
    return channel === 'email' ? this.deps.email.provider : (this.deps.phone?.kind ?? null);
  }

  private async send(message: MessageRow): Promise<SendOutcome> {
    try {
      if (message.channel === 'email') {
        const payload = message.payload as EmailPayload;
        return await this.deps.email.send({
          id: message.id,
          to: message.recipient,
          subject: payload.subject,
          text: payload.text,
          headers: payload.headers,
          secrets: message.secrets ?? [],
        });
      }
      const phone = this.deps.phone;
      if (!phone) return { kind: 'retry', error: 'no phone provider on this process' };
      const { template } = message.payload as WhatsAppPayload;
      return await phone.send({ id: message.id, to: message.recipient, template });
    } catch (error) {
      // Providers answer with an outcome; anything thrown is unexplained, so it may have gone out.
      return { kind: 'unknown', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The message's payload and text with its secrets removed, for a row that will not be sent again. */
  private scrubbed(message: MessageRow): Partial<Pick<MessageRow, 'payload' | 'body' | 'secrets'>> {
    const secrets = message.secrets ?? [];
    if (secrets.length === 0) return {};
    const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join(REMOVED_SECRET), text);
    return {
      payload: JSON.parse(scrub(JSON.stringify(message.payload))),
      body: scrub(message.body),
      secrets: null,
    };
  }

  /**
   * Attempts claimed longer ago than any attempt can take, with no answer recorded: their process
   * stopped (killed, or the machine lost) between claiming and recording. Whether the provider took
   * the message cannot be known, so it becomes unknown; a status report may still show it went.
   */
  private async markLostAttempts(): Promise<void> {
    const now = this.deps.clock.now();
    await inTransaction(this.deps.db, async (tx) => {
      const stale: MessageRow[] = [];
      for (const [channel, ms] of Object.entries(this.deps.staleAfterMs) as [MessageChannel, number][]) {
        stale.push(...(await lockStaleSending(tx, channel, new Date(now.getTime() - ms), PER_ROUND)));
      }
      for (const message of stale) {
        this.deps.log.warn(
          { messageId: message.id, channel: message.channel },
          'message attempt never recorded an answer (its process stopped): marked unknown, not sent again',
        );
        await moveMessage(tx, message.id, ['sending'], {
          status: 'unknown',
          sendingSince: null,
          lastError: 'the process sending it stopped before recording an answer; it may have been sent',
          updatedAt: now,
          ...this.scrubbed(message),
        });
      }
    });
  }

  /**
   * The provider's status webhook: refused without its signature (400); each report moves its
   * message on if the lifecycle allows (a repeated or out-of-order report changes nothing).
   */
  async webhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ reports: number; applied: number }> {
    const phone = this.deps.phone;
    if (!phone?.webhookSignatureValid(rawBody, signature)) {
      throw badRequest('The webhook signature is not valid.');
    }
    const reports = phone.statusReports(rawBody);
    if (!reports) throw badRequest('The webhook body is not a status report this shop understands.');
    let applied = 0;
    for (const report of reports) if (await this.applyReport(report)) applied++;
    return { reports: reports.length, applied };
  }

  private async applyReport(report: StatusReport): Promise<boolean> {
    return inTransaction(this.deps.db, async (tx) => {
      const message = await lockReportedMessage(tx, 'whatsapp', report.providerMessageId, report.outboxId);
      if (!message) return false;
      // Our id came back with another provider id: not this message's report.
      if (message.providerMessageId && message.providerMessageId !== report.providerMessageId) return false;
      if (!movableFrom(report.status, 'webhook').includes(message.status as MessageStatus)) return false;
      const now = this.deps.clock.now();
      await moveMessage(tx, message.id, [message.status as MessageStatus], {
        status: report.status,
        providerMessageId: report.providerMessageId,
        sendingSince: null,
        sentAt: message.sentAt ?? report.at,
        ...(report.status === 'delivered' ? { deliveredAt: report.at } : {}),
        ...(report.status === 'failed'
          ? { lastError: report.error ?? 'not delivered' }
          : { lastError: null }),
        updatedAt: now,
        ...this.scrubbed(message),
      });
      return true;
    });
  }

  /** The subscription check Meta makes of the webhook URL: the challenge back, or a 403. */
  verifyWebhook(query: { mode?: string; token?: string; challenge?: string }): string | undefined {
    return this.deps.phone?.verifySubscription(query);
  }

  /** The admin's list: newest first, with how many are in each status. */
  async list(query: AdminMessagesParams): Promise<AdminMessagesReply> {
    const { page, limit } = query;
    const [{ rows, total }, counts] = await Promise.all([
      findMessagePage(this.deps.db, query.status, limit, (page - 1) * limit),
      countMessagesByStatus(this.deps.db),
    ]);
    return {
      messages: rows.map(toAdminMessage),
      total,
      page,
      pages: Math.ceil(total / limit),
      counts: Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
        MessageStatus,
        number
      >,
      phoneProvider: this.phoneProvider,
    };
  }

  /** The admin's test of the phone set-up: WhatsApp's sample template to a number they type. */
  async sendTest(actor: { id: string; email: string }, phone: string): Promise<AdminMessage> {
    if (!this.deps.phone) {
      throw conflict(
        'WhatsApp messages are turned off (MESSAGING_PROVIDER=none), so there is nothing to test.',
      );
    }
    const queued = await inTransaction(this.deps.db, async (tx) => {
      const [row] = await this.enqueue(tx, 'test', { phone }, {});
      if (!row) throw new Error('a test message has no key, so it is always queued');
      await this.deps.audit.record(tx, actor, {
        action: 'message.test',
        entityId: row.id,
        summary: `Test WhatsApp message to ${row.recipient}`,
        after: { recipient: row.recipient, provider: this.deps.phone?.kind },
      });
      return row;
    });
    return toAdminMessage((await findMessage(this.deps.db, queued.id)) ?? queued);
  }
}

export function toAdminMessage(row: MessageRow): AdminMessage {
  return {
    _id: row.id,
    channel: row.channel as MessageChannel,
    recipient: row.recipient,
    purpose: row.purpose as MessagePurpose,
    body: row.body,
    orderId: row.orderId,
    status: row.status as MessageStatus,
    attempts: row.attempts,
    provider: row.provider,
    providerMessageId: row.providerMessageId,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
