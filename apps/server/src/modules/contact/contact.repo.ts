import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/content';

export type ContactRow = typeof contactMessages.$inferSelect;
export type NewContactRow = typeof contactMessages.$inferInsert;
export type ReadFilter = 'all' | 'unread' | 'read';

export async function insertContactMessage(db: DbOrTx, values: NewContactRow): Promise<ContactRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

const filters: Record<ReadFilter, SQL | undefined> = {
  all: undefined,
  unread: isNull(contactMessages.readAt),
  read: isNotNull(contactMessages.readAt),
};

/** One page of messages, newest first; how many match the filter; how many are unread in all. */
export async function findContactPage(
  db: DbOrTx,
  filter: ReadFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ContactRow[]; total: number; unread: number }> {
  const where = filters[filter];
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(filters.unread),
  ]);
  return { rows, total: totals?.n ?? 0, unread: unread?.n ?? 0 };
}

export async function findContactMessage(db: DbOrTx, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/**
 * Marks a message read at `at`, or unread with null. Marking an already read
 * message read keeps the time it was first read.
 */
export async function setContactReadAt(
  db: DbOrTx,
  id: string,
  at: Date | null,
): Promise<ContactRow | undefined> {
  if (at) {
    const [row] = await db
      .update(contactMessages)
      .set({ readAt: at })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning();
    return row ?? findContactMessage(db, id);
  }
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
