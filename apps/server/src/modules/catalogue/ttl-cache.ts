/**
 * A small in-memory cache with a time limit and least-recently-used eviction.
 * Listing facets and totals cost a scan of every matching product; identical
 * filter sets within a few seconds share one answer instead. An entry past its
 * time stays available as stale for `staleMs` more, so a caller can answer at
 * once while it refreshes the entry in the background.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly staleMs = 0,
    /** Spread of each entry's time (0.2 = ±20%), so entries made together do not expire together. */
    private readonly jitter = 0,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      if (hit.expires + this.staleMs <= Date.now()) this.entries.delete(key);
      return undefined;
    }
    // Re-insert so Map order tracks recency.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** A value past its time but inside the stale window; undefined otherwise. */
  getStale(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    return hit.expires <= now && now < hit.expires + this.staleMs ? hit.value : undefined;
  }

  set(key: string, value: V): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    const spread = this.jitter ? 1 + this.jitter * (2 * Math.random() - 1) : 1;
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs * spread });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets the key, but only while it still holds this value (a newer one stays). */
  deleteIf(key: string, value: V): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
