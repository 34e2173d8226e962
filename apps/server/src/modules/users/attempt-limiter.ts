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

export interface AttemptRule {
  max: number;
  windowMs: number;
}

export class TooManyAttempts {
  constructor(readonly retryAfterMs: number) {}
}

/** Counts an attempt against every rule; the first rule over its limit says how long to wait. */
export async function countAttempt(
  store: AttemptStore,
  checks: { key: string; rule: AttemptRule }[],
  now: number = Date.now(),
): Promise<TooManyAttempts | undefined> {
  let worst: TooManyAttempts | undefined;
  for (const { key, rule } of checks) {
    const { count, resetAt } = await store.hit(key, rule.windowMs);
    if (count > rule.max && (!worst || resetAt - now > worst.retryAfterMs)) {
      worst = new TooManyAttempts(Math.max(0, resetAt - now));
    }
  }
  return worst;
}
