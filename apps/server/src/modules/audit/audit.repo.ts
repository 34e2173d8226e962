import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/admin';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: DbOrTx, values: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** One page of entries, newest first, optionally of one entity kind, and how many there are. */
export async function findAuditPage(
  db: DbOrTx,
  entity: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = entity ? eq(auditLog.entity, entity) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}
