import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';
import {
  type AttemptPolicy,
  clearAttempts,
  countAttempt,
  deleteExpiredAttempts,
  isRememberedKey,
  rememberKey,
  uncountAttempt,
} from './attempts.repo';
import type { AuthLimits } from './auth-limits';

/** One counted attempt: the key it counts against and the policy that limits it there. */
export interface AttemptCheck {
  key: string;
  policy: (limits: AuthLimits) => AttemptPolicy;
}

export interface AttemptLimiterDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  limits: AuthLimits;
}

// Keys name emails and addresses; only their hashes are stored.
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const SWEEP_EVERY = 500;

/**
 * Sign-in, registration, reset and password-change attempts, limited per key in the database, so
 * the limits hold however many server processes share it (each count is one atomic upsert).
 */
export class AttemptLimiter {
  private countsSinceSweep = 0;

  constructor(private readonly deps: AttemptLimiterDeps) {}

  get limits(): AuthLimits {
    return this.deps.limits;
  }

  /**
   * Counts an attempt against every check, before the work it guards, so parallel requests cannot
   * slip past. When any key is still waiting it throws a 429 carrying Retry-After (the longest wait),
   * and takes back what it counted on the other keys.
   */
  async count(checks: AttemptCheck[]): Promise<void> {
    const { db, clock, limits } = this.deps;
    const now = clock.now();
    this.sweepNowAndThen(now);
    const results = await Promise.all(
      checks.map(async (check) => ({
        check,
        result: await countAttempt(db, hashKey(check.key), now, check.policy(limits)),
      })),
    );
    const refused = results.filter((r) => !r.result.allowed);
    if (refused.length === 0) return;
    for (const { check, result } of results) if (result.allowed) await this.undo(check);
    const waitMs = Math.max(...refused.map((r) => r.result.blockedUntil.getTime() - now.getTime()));
    throw tooManyRequests(waitMessage(waitMs), waitMs / 1000);
  }

  /** Takes back one counted attempt (a successful login is not a failure of its address). */
  undo(check: AttemptCheck): Promise<void> {
    const { db, limits } = this.deps;
    return uncountAttempt(db, hashKey(check.key), check.policy(limits));
  }

  clear(key: string): Promise<void> {
    return clearAttempts(this.deps.db, hashKey(key));
  }

  /** Remembers a key for a while (an address that signed in to an account). */
  remember(key: string, forMs: number): Promise<void> {
    const now = this.deps.clock.now();
    return rememberKey(this.deps.db, hashKey(key), now, new Date(now.getTime() + forMs));
  }

  isRemembered(key: string): Promise<boolean> {
    return isRememberedKey(this.deps.db, hashKey(key), this.deps.clock.now());
  }

  private sweepNowAndThen(now: Date) {
    if (++this.countsSinceSweep < SWEEP_EVERY) return;
    this.countsSinceSweep = 0;
    deleteExpiredAttempts(this.deps.db, now).catch((err) =>
      this.deps.log.warn({ err }, 'expired attempt counters not deleted'),
    );
  }
}

function waitMessage(waitMs: number): string {
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
