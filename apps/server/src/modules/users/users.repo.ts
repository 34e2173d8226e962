import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  // A malformed id would make PostgreSQL raise on the uuid cast; it simply matches nobody.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function emailTakenByOther(db: DbOrTx, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(byEmail(email), sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<NewUserRow, 'name' | 'email' | 'phoneNumber' | 'profileImage' | 'passwordHash' | 'isAdmin'>
  >,
  /** `bumpTokenVersion` ends every session of the user at once (their tokens carry the old version). */
  options: { bumpTokenVersion?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      ...(options.bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Retires the user's unused reset links. */
export async function deleteUnusedResetTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

const liveToken = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The user of the unused, unexpired reset token with this hash, if there is one. */
export async function findLiveResetToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(liveToken(tokenHash, now))
    .limit(1);
  return row?.userId;
}

/**
 * Marks a live reset token used and returns its user, in one conditional
 * update so two requests with the same link cannot both succeed.
 */
export async function consumeResetToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveToken(tokenHash, now))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
