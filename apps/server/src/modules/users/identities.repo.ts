import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userIdentities, users } from '../../db/schema/users';
import type { UserRow } from './users.repo';

/** The account an identity provider's account (issuer, subject) is linked to. */
export async function findUserByIdentity(
  db: DbOrTx,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(sql`${userIdentities.issuer} = ${issuer} and ${userIdentities.subject} = ${subject}`)
    .limit(1);
  return row?.user;
}

/** Links a provider's account to a shop account; linking it again to the same account changes nothing. */
export async function linkIdentity(
  db: DbOrTx,
  values: { userId: string; issuer: string; subject: string },
): Promise<void> {
  await db.insert(userIdentities).values(values).onConflictDoNothing();
}
