import type { DbOrTx, Tx } from './client';
import { isTransactionConflict } from './transaction-conflict';

/** Runs of one unit of work that lost to a deadlock or a serialization failure before it gives up. */
const CONFLICT_ATTEMPTS = 3;

/** What a unit of work may ask for besides the transaction: steps to run once it is over. */
export interface UnitOfWork {
  /** Runs after the outermost transaction commits (clear caches, publish events, send mail). */
  afterCommit(step: () => unknown): void;
  /** Runs if the transaction rolls back: undoes what the database cannot (a stored file, say). */
  onRollback(step: () => unknown): void;
}

interface Hooks {
  committed: (() => unknown)[];
  rolledBack: (() => unknown)[];
}

// Transactions opened by inTransaction, so a nested call joins its caller's instead of opening its own.
const open = new WeakMap<object, Hooks>();

/**
 * Runs `work` as one unit: every repo call made with `tx` commits together or
 * not at all. Called with a transaction this helper opened, it joins it (one
 * commit, hooks run once at the end), so services can call each other freely.
 * A failing afterCommit step cannot undo the commit: its error still reaches the
 * caller, so steps that must not fail the request (a cache invalidation) catch their own.
 * A unit the database rolled back for a deadlock or a serialization failure runs again (up to
 * three times), so `work` must do nothing outside the transaction but register hooks.
 */
export async function inTransaction<T>(
  db: DbOrTx,
  work: (tx: Tx, unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  const joined = open.get(db);
  if (joined) return work(db as Tx, unitOf(joined));

  for (let attempt = 1; ; attempt++) {
    const hooks: Hooks = { committed: [], rolledBack: [] };
    let result: T;
    try {
      result = await db.transaction(async (tx) => {
        open.set(tx, hooks);
        return work(tx, unitOf(hooks));
      });
    } catch (error) {
      await runAll(hooks.rolledBack);
      // A deadlock or serialization failure rolled everything back: the whole unit runs again, after a
      // short random pause so the two sides of a deadlock do not meet again.
      if (attempt < CONFLICT_ATTEMPTS && isTransactionConflict(error)) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25 * attempt));
        continue;
      }
      throw error;
    }
    await runAll(hooks.committed);
    return result;
  }
}

function unitOf(hooks: Hooks): UnitOfWork {
  return {
    afterCommit: (step) => hooks.committed.push(step),
    onRollback: (step) => hooks.rolledBack.push(step),
  };
}

/** Every step runs even when one fails; the first failure is raised after all have run. */
async function runAll(steps: (() => unknown)[]): Promise<void> {
  const results = await Promise.allSettled(steps.map(async (step) => step()));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/**
 * Runs `step` once the transaction `db` belongs to has committed (one inTransaction opened), or at
 * once otherwise: on the plain database the statement before it has committed already.
 */
export function afterCommit(db: DbOrTx, step: () => unknown): void {
  const joined = open.get(db);
  if (joined) joined.committed.push(step);
  else step();
}
