import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets entries after their time', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(5000, 10);
    cache.set('a', 1);
    vi.advanceTimersByTime(4999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new TtlCache<number>(5000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('keeps nothing when the time is 0', () => {
    const cache = new TtlCache<number>(0, 2);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('deletes a key only while it holds the given value', () => {
    const cache = new TtlCache<number>(5000, 2);
    cache.set('a', 1);
    cache.deleteIf('a', 2);
    expect(cache.get('a')).toBe(1);
    cache.deleteIf('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('offers an expired entry as stale inside the stale window only', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 10, 5000);
    cache.set('a', 1);
    expect(cache.getStale('a')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getStale('a')).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getStale('a')).toBeUndefined();
  });

  it('spreads expiry within the jitter around the time', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 100, 0, 0.2);
    for (let i = 0; i < 50; i += 1) cache.set(`k${i}`, i);
    vi.advanceTimersByTime(799);
    const alive = () =>
      Array.from({ length: 50 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined);
    expect(alive()).toHaveLength(50);
    vi.advanceTimersByTime(402);
    expect(alive()).toHaveLength(0);
  });
});
