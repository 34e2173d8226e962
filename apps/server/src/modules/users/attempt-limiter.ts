import { tooManyRequests } from '../../lib/errors';
import type { AuthLimits } from './auth-limits';

/** Counts attempts per key in fixed windows. In memory today; a Redis store can replace it. */
export interface AttemptStore {
  /** Counts one attempt and returns the count in the current window and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Takes one attempt back (a login that succeeded should not count as a failure). */
  undo(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  async undo(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  // Expired windows are dropped now and then so the map cannot grow without bound.
  private sweep(now: number) {
    if (++this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** One counted attempt: the key it counts against and how many are allowed there. */
export interface AttemptCheck {
  key: string;
  max: (limits: AuthLimits) => number;
}

export interface AttemptLimiterDeps {
  store: AttemptStore;
  limits: AuthLimits;
  now: () => number;
}

/** Sign-in, reset and password-change attempts, limited per key; shared by the account services. */
export class AttemptLimiter {
  constructor(private readonly deps: AttemptLimiterDeps) {}

  /**
   * Counts an attempt against every check; over any limit it throws a 429
   * carrying Retry-After (the longest wait of the checks over their limit).
   */
  async count(checks: AttemptCheck[]): Promise<void> {
    const { store, limits } = this.deps;
    const now = this.deps.now();
    let waitMs: number | undefined;
    for (const check of checks) {
      const { count, resetAt } = await store.hit(check.key, limits.windowMs);
      if (count > check.max(limits)) waitMs = Math.max(waitMs ?? 0, resetAt - now);
    }
    if (waitMs === undefined) return;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw tooManyRequests(
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      waitMs / 1000,
    );
  }

  /** Takes back one attempt (a successful login is not a failure). */
  undo(key: string): Promise<void> {
    return this.deps.store.undo(key);
  }

  clear(key: string): Promise<void> {
    return this.deps.store.clear(key);
  }
}
