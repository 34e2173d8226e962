import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { users } from '../../db/schema/users';
import type { UserRow } from './users.repo';

/** Name, email, phone or id containing the term, case-insensitively. */
const matches = (term: string) => {
  const pattern = likePattern(term);
  return sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern}
    or coalesce(${users.phoneNumber}, '') like ${pattern} or ${users.id}::text like ${pattern})`;
};

/** One page of users, newest first, matching the search when one is given. */
export async function findUserPage(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = search ? matches(search) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** How many accounts the shop has, and how many of them are admins. */
export async function countUsersAndAdmins(db: DbOrTx): Promise<{ users: number; admins: number }> {
  const [row] = await db
    .select({ users: count(), admins: sql<number>`count(*) filter (where ${users.isAdmin})::int` })
    .from(users);
  return { users: row?.users ?? 0, admins: row?.admins ?? 0 };
}

/**
 * The ids of every admin, each row locked until the transaction ends (always
 * in id order, so two callers never deadlock). A concurrent demotion that
 * committed meanwhile is seen: its row no longer qualifies once the lock is had.
 */
export async function lockAdminIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setAdminFlag(db: DbOrTx, id: string, isAdmin: boolean): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ isAdmin }).where(eq(users.id, id)).returning();
  return row;
}

/** Deletes the account; its orders stay (orders.user_id is set null) with their own name and email. */
export async function deleteUserRow(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
}
