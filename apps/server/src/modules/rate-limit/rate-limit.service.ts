import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';
import { countHit, deleteHitsBefore } from './rate-limit.repo';

/** At most `requests` in each fixed window of `windowMs`. */
export interface WindowLimit {
  requests: number;
  windowMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RateLimitServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * Limits that must hold across server processes (per admin, per IP), counted
 * in `rate_limit_hits`: one upsert per request, so concurrent requests on any
 * process each get their own number.
 */
export class RateLimitService {
  constructor(private readonly deps: RateLimitServiceDeps) {}

  /** Counts one request under `key`; past the limit, a 429 with `message` and Retry-After. */
  async hit(key: string, limit: WindowLimit, message: string): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
    const hits = await countHit(this.deps.db, key, new Date(windowStart));
    // The first hit of a window tidies old windows away.
    if (hits === 1) await deleteHitsBefore(this.deps.db, new Date(now - DAY_MS));
    if (hits > limit.requests) {
      throw tooManyRequests(message, (windowStart + limit.windowMs - now) / 1000);
    }
  }
}
