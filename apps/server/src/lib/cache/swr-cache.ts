import type { CacheStats } from '../metrics';
import { InFlight } from './in-flight';

export interface SwrCacheOptions<V> {
  /** How long an entry is fresh; 0 turns the cache off (every get loads, identical loads in flight shared). */
  ttlMs: number;
  /** Least recently used entries are dropped beyond this many. */
  maxEntries: number;
  /** How long past its time an entry may still be answered while a fresh one loads. */
  staleMs: number;
  /** Spread of each entry's time (0.2 = 80–120%), so entries made together do not expire together. */
  jitter?: number;
  /**
   * Background refreshes at once. Entries loaded together expire together;
   * refreshing them all at once would starve the requests being served.
   */
  maxRefreshes?: number;
  /** The ids an entry depends on (invalidate(ids) drops it only when they meet); undefined = any id. */
  idsOf?: (value: V) => Iterable<string> | undefined;
  /** Told about a failed background refresh (the stale entry keeps being answered). */
  onRefreshError?: (error: unknown, key: string) => void;
  now?: () => number;
  random?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  /** Set once the value has loaded, when the entry depends on some ids only. */
  ids: ReadonlySet<string> | undefined;
  loaded: boolean;
  /** The loaded value itself, for answering without waiting on the promise (peek). */
  settled?: V;
}

/**
 * An in-memory cache that answers stale entries while refreshing them. The
 * cached promise itself is shared, so concurrent identical misses make one
 * load, and a failed load is never kept. An expired entry is answered at once
 * for `staleMs` more while one background refresh per key (and a few keys at a
 * time) loads a fresh one; a refresh that fails leaves the stale entry in place,
 * so the next request after it tries again. An invalidation drops matching
 * entries and discards every load that started before it, so nothing read
 * before a change is stored after it.
 */
export class SwrCache<V> {
  /** How lookups were answered since the cache was made (the metrics' hit rate). */
  readonly stats: CacheStats = { hits: 0, stale: 0, misses: 0 };
  private readonly entries = new Map<string, Entry<V>>();
  private readonly refreshing = new Set<string>();
  private generation = 0;
  /** With the cache off, identical requests in flight together still share one load. */
  private readonly inFlight = new InFlight<V>();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: SwrCacheOptions<V>) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.options.ttlMs <= 0) return this.inFlight.run(key, load);
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.expires) {
      this.stats.hits += 1;
      this.touch(key, entry);
      return entry.value;
    }
    if (entry?.loaded && now < entry.expires + this.options.staleMs) {
      this.stats.stale += 1;
      this.refresh(key, load);
      return entry.value;
    }
    this.stats.misses += 1;
    return this.loadInto(key, load);
  }

  /**
   * The value under `key` if it has loaded and is still fresh, else undefined (a stale entry is left
   * for get(), which refreshes it). For answering a hit without waiting a turn on its promise.
   */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry?.loaded || this.now() >= entry.expires) return undefined;
    this.touch(key, entry);
    return entry.settled;
  }

  /** Drops entries depending on any of the ids (and those depending on any id); all of them without ids. */
  invalidate(ids?: Iterable<string>): void {
    this.generation += 1;
    this.inFlight.invalidate();
    if (!ids) {
      this.entries.clear();
      return;
    }
    const changed = new Set(ids);
    for (const [key, entry] of this.entries) {
      if (!entry.ids || [...entry.ids].some((id) => changed.has(id))) this.entries.delete(key);
    }
  }

  private loadInto(key: string, load: () => Promise<V>): Promise<V> {
    const entry: Entry<V> = { value: load(), expires: this.expiry(), ids: undefined, loaded: false };
    this.store(key, entry);
    entry.value.then(
      (value) => {
        entry.loaded = true;
        entry.settled = value;
        entry.ids = this.idsOf(value);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  private refresh(key: string, load: () => Promise<V>): void {
    if (this.refreshing.has(key) || this.refreshing.size >= (this.options.maxRefreshes ?? 4)) return;
    this.refreshing.add(key);
    const startedIn = this.generation;
    load()
      .then(
        (value) => {
          if (this.generation !== startedIn) return;
          const fresh = Promise.resolve(value);
          const ids = this.idsOf(value);
          this.store(key, { value: fresh, expires: this.expiry(), ids, loaded: true, settled: value });
        },
        (error) => this.options.onRefreshError?.(error, key),
      )
      .finally(() => this.refreshing.delete(key));
  }

  private idsOf(value: V): ReadonlySet<string> | undefined {
    const ids = this.options.idsOf?.(value);
    return ids ? new Set(ids) : undefined;
  }

  private expiry(): number {
    const jitter = this.options.jitter ?? 0;
    const spread = jitter ? 1 + jitter * (2 * this.random() - 1) : 1;
    return this.now() + this.options.ttlMs * spread;
  }

  private store(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  // Re-inserting keeps the Map's order the order of use.
  private touch(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
