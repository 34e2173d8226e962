import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema/index';

/**
 * The secret named `name` that every process on this database shares: the stored one, or, when
 * none is stored yet, `candidate()` stored as it. Processes starting together agree: the first
 * insert wins, the others' conflict (waiting for its commit) and they read the winner's.
 */
export async function sharedSecret(db: Db, name: string, candidate: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`the shared secret ${name} was neither stored nor found`);
  return row.value;
}
