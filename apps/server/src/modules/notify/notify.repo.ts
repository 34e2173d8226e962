import type { MessageChannel, MessageStatus } from '@bazaar/shared/schemas/messages';
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messageOutbox } from '../../db/schema/messages';

export type MessageRow = typeof messageOutbox.$inferSelect;
export type NewMessage = Pick<
  typeof messageOutbox.$inferInsert,
  | 'channel'
  | 'recipient'
  | 'purpose'
  | 'payload'
  | 'body'
  | 'secrets'
  | 'orderId'
  | 'dedupeKey'
  | 'nextAttemptAt'
>;

/** Queues messages in the caller's transaction; one whose channel and key are queued already is left out. */
export async function insertMessages(db: DbOrTx, messages: NewMessage[]): Promise<MessageRow[]> {
  if (messages.length === 0) return [];
  return db
    .insert(messageOutbox)
    .values(messages)
    .onConflictDoNothing({ target: [messageOutbox.channel, messageOutbox.dedupeKey] })
    .returning();
}

/**
 * Claims up to `limit` due messages of `channels` for an attempt, in one statement: the rows are
 * locked (rows another process holds are skipped) and moved to `sending`, the attempt counted, so the
 * claim commits before any provider is called.
 */
export async function claimDueMessages(
  db: DbOrTx,
  channels: readonly MessageChannel[],
  now: Date,
  limit: number,
): Promise<MessageRow[]> {
  if (channels.length === 0) return [];
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, 'queued'),
        lte(messageOutbox.nextAttemptAt, now),
        inArray(messageOutbox.channel, [...channels]),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(messageOutbox)
    .set({
      status: 'sending',
      attempts: sql`${messageOutbox.attempts} + 1`,
      sendingSince: now,
      updatedAt: now,
    })
    .where(inArray(messageOutbox.id, due))
    .returning();
}

/** What an attempt's answer changes, applied only if the message is still in one of `from`. */
export async function moveMessage(
  db: DbOrTx,
  id: string,
  from: readonly MessageStatus[],
  change: Partial<Omit<typeof messageOutbox.$inferInsert, 'id'>> & { status: MessageStatus },
  options: { attempts?: number } = {},
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messageOutbox)
    .set(change)
    .where(
      and(
        eq(messageOutbox.id, id),
        inArray(messageOutbox.status, [...from]),
        options.attempts === undefined ? undefined : eq(messageOutbox.attempts, options.attempts),
      ),
    )
    .returning();
  return row;
}

/**
 * Attempts claimed before `before` that never recorded an answer (their process stopped, or hung):
 * locked, for the caller to mark unknown.
 */
export function lockStaleSending(
  db: DbOrTx,
  channel: MessageChannel,
  before: Date,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, 'sending'),
        eq(messageOutbox.channel, channel),
        lt(messageOutbox.sendingSince, before),
      ),
    )
    .orderBy(asc(messageOutbox.sendingSince))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The message a status report is about, locked: by the provider's id, or by ours when it carried it back. */
export async function lockReportedMessage(
  db: DbOrTx,
  channel: MessageChannel,
  providerMessageId: string,
  outboxId: string | undefined,
): Promise<MessageRow | undefined> {
  const [byProviderId] = await db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.channel, channel), eq(messageOutbox.providerMessageId, providerMessageId)))
    .for('update');
  if (byProviderId || outboxId === undefined) return byProviderId;
  const [byOurs] = await db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.channel, channel), eq(messageOutbox.id, outboxId)))
    .for('update');
  return byOurs;
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
  return row;
}

export async function findMessagePage(
  db: DbOrTx,
  status: MessageStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = status ? eq(messageOutbox.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageOutbox)
      .where(where)
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messageOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countMessagesByStatus(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: messageOutbox.status, n: count() })
    .from(messageOutbox)
    .groupBy(messageOutbox.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}
