import { and, eq, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import type { UserRow } from './users.repo';

export type SessionRow = typeof sessions.$inferSelect;

const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; authenticatedAt: Date | null; expiresAt: Date; createdAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The session and its user in one query: the check every signed-in request makes. */
export async function findSessionWithUser(
  db: DbOrTx,
  sessionId: string,
  userId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  if (!isUuid(sessionId) || !isUuid(userId)) return undefined;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row;
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) return;
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: string, exceptId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessionsOfUser(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}
