import { describe, expect, it } from 'vitest';
import { SwrCache, type SwrCacheOptions } from './swr-cache';

/** A load the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise run its handlers. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function cacheWithClock<V>(options: Partial<SwrCacheOptions<V>> = {}) {
  let now = 1_000_000;
  const refreshErrors: unknown[] = [];
  const cache = new SwrCache<V>({
    ttlMs: 1000,
    maxEntries: 100,
    staleMs: 5000,
    now: () => now,
    onRefreshError: (error) => refreshErrors.push(error),
    ...options,
  });
  return {
    cache,
    refreshErrors,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('SwrCache', () => {
  it('serves a fresh entry without loading again, and loads again after its time and the stale window', async () => {
    const { cache, advance } = cacheWithClock<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    advance(999);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    advance(1 + 5000);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('peeks only at a loaded, fresh entry: not while it loads, once stale, or after an invalidation', async () => {
    const { cache, advance } = cacheWithClock<string>();
    const pending = deferred<string>();
    const first = cache.get('k', () => pending.promise);
    expect(cache.peek('k')).toBeUndefined();
    pending.resolve('v1');
    await first;
    expect(cache.peek('k')).toBe('v1');
    advance(1000);
    expect(cache.peek('k')).toBeUndefined();
    // get() answers the stale entry and refreshes it; the refreshed value is peeked at once.
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    await settle();
    expect(cache.peek('k')).toBe('v2');
    cache.invalidate();
    expect(cache.peek('k')).toBeUndefined();
  });

  it('makes concurrent misses of one key share a single load', async () => {
    const { cache } = cacheWithClock<string>();
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    pending.resolve('page');
    expect(await answers).toEqual(['page', 'page', 'page']);
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the callers sharing it fail, the next one loads again', async () => {
    const { cache } = cacheWithClock<string>();
    const failing = deferred<string>();
    const first = cache.get('k', () => failing.promise);
    const second = cache.get('k', () => Promise.resolve('unused'));
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('answers a stale entry at once while one background refresh loads the fresh one', async () => {
    const { cache, advance } = cacheWithClock<string>();
    await cache.get('k', async () => 'old');
    advance(1500);
    const refresh = deferred<string>();
    let refreshes = 0;
    const load = () => {
      refreshes += 1;
      return refresh.promise;
    };
    // Three requests while the refresh is running: all get the stale answer, one refresh runs.
    expect(await cache.get('k', load)).toBe('old');
    expect(await cache.get('k', load)).toBe('old');
    expect(await cache.get('k', load)).toBe('old');
    expect(refreshes).toBe(1);
    refresh.resolve('new');
    await settle();
    expect(await cache.get('k', load)).toBe('new');
    expect(refreshes).toBe(1);
  });

  it('keeps serving the stale entry while refreshes fail, and recovers when one succeeds', async () => {
    const { cache, advance, refreshErrors } = cacheWithClock<string>();
    await cache.get('k', async () => 'old');
    advance(1500);
    const failing = async (): Promise<string> => {
      throw new Error('database down');
    };
    expect(await cache.get('k', failing)).toBe('old');
    await settle();
    expect(await cache.get('k', failing)).toBe('old');
    await settle();
    expect(refreshErrors).toHaveLength(2);
    expect(await cache.get('k', async () => 'new')).toBe('old');
    await settle();
    expect(await cache.get('k', failing)).toBe('new');
  });

  it('stops answering stale once the stale window has passed', async () => {
    const { cache, advance } = cacheWithClock<string>();
    await cache.get('k', async () => 'old');
    advance(1000 + 5000);
    await expect(
      cache.get('k', async () => {
        throw new Error('still down');
      }),
    ).rejects.toThrow('still down');
  });

  it('refreshes only a few keys at once; the others stay stale until a slot frees', async () => {
    const { cache, advance } = cacheWithClock<string>({ maxRefreshes: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `${key}0`);
    advance(1500);
    const slow = deferred<string>();
    let started = 0;
    const load = () => {
      started += 1;
      return slow.promise;
    };
    for (const key of ['a', 'b', 'c']) expect(await cache.get(key, load)).toBe(`${key}0`);
    expect(started).toBe(2);
    slow.resolve('fresh');
    await settle();
    expect(await cache.get('c', load)).toBe('c0');
    expect(started).toBe(3);
  });

  it('spreads expiry within the jitter around the time', async () => {
    /** How many of 200 entries made together are still fresh `ms` later. */
    const freshAfter = async (ms: number) => {
      const { cache, advance } = cacheWithClock<number>({ jitter: 0.2, maxEntries: 1000 });
      for (let i = 0; i < 200; i += 1) await cache.get(`k${i}`, async () => i);
      advance(ms);
      let fresh = 0;
      for (let i = 0; i < 200; i += 1) {
        let loaded = false;
        await cache.get(`k${i}`, async () => {
          loaded = true;
          return -1;
        });
        if (!loaded) fresh += 1;
      }
      return fresh;
    };
    expect(await freshAfter(799)).toBe(200);
    // Halfway through the spread some entries have expired and some have not.
    const halfway = await freshAfter(1000);
    expect(halfway).toBeGreaterThan(20);
    expect(halfway).toBeLessThan(180);
    expect(await freshAfter(1201)).toBe(0);
  });

  it('evicts the least recently used entry when full', async () => {
    const { cache } = cacheWithClock<string>({ maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'reloaded');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps nothing when the time is 0', async () => {
    const { cache } = cacheWithClock<number>({ ttlMs: 0 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('drops only the entries depending on changed ids, and entries depending on any id', async () => {
    const { cache } = cacheWithClock<{ ids?: string[]; v: string }>({ idsOf: (value) => value.ids });
    await cache.get('product-1', async () => ({ ids: ['p1', 'p2'], v: 'one' }));
    await cache.get('product-3', async () => ({ ids: ['p3'], v: 'three' }));
    await cache.get('listing', async () => ({ v: 'all' }));
    cache.invalidate(['p2']);
    const reload = async () => ({ v: 'reloaded' });
    expect((await cache.get('product-1', reload)).v).toBe('reloaded');
    expect((await cache.get('product-3', reload)).v).toBe('three');
    expect((await cache.get('listing', reload)).v).toBe('reloaded');
    cache.invalidate();
    expect((await cache.get('product-3', reload)).v).toBe('reloaded');
  });

  it('never stores what a refresh read before an invalidation', async () => {
    const { cache, advance } = cacheWithClock<string>();
    await cache.get('k', async () => 'old');
    advance(1500);
    const refresh = deferred<string>();
    expect(await cache.get('k', () => refresh.promise)).toBe('old');
    cache.invalidate();
    refresh.resolve('read before the change');
    await settle();
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('does not hand a load started before an invalidation to requests made after it', async () => {
    const { cache } = cacheWithClock<string>();
    const before = deferred<string>();
    const first = cache.get('k', () => before.promise);
    cache.invalidate();
    const second = cache.get('k', async () => 'after the change');
    before.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await second).toBe('after the change');
    expect(await cache.get('k', async () => 'unused')).toBe('after the change');
  });
});
