import type { Database } from '../../db/client';
import { newestAppliedMigration, newestMigration } from '../../db/migrations-state';
import type { Lifecycle, LifecycleState } from '../../lib/lifecycle';

/** A probe that waits longer than this on the database counts it unreachable. */
const DATABASE_CHECK_MS = 2000;

export interface Readiness {
  ready: boolean;
  state: LifecycleState;
  database: {
    kind: Database['kind'];
    reachable: boolean;
    /** applied: every migration of this build is; pending: not yet (a restored backup, a newer build); unknown: unreachable. */
    migrations: 'applied' | 'pending' | 'unknown';
  };
}

/**
 * Whether this process should be sent requests: running (start-up work done, not shutting down), its
 * database answering within two seconds, and every migration this build carries applied to it.
 */
export class ReadinessCheck {
  private readonly newest = newestMigration();

  constructor(
    private readonly database: Database,
    private readonly lifecycle: Lifecycle,
  ) {}

  async check(): Promise<Readiness> {
    const state = this.lifecycle.state;
    let applied: number | undefined;
    try {
      applied = await withinTime(newestAppliedMigration(this.database.db), DATABASE_CHECK_MS);
    } catch {
      applied = undefined;
    }
    const migrations = applied === undefined ? 'unknown' : applied >= this.newest ? 'applied' : 'pending';
    return {
      ready: state === 'running' && migrations === 'applied',
      state,
      database: { kind: this.database.kind, reachable: applied !== undefined, migrations },
    };
  }
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
