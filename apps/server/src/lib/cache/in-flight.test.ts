import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('InFlight', () => {
  it('gives identical concurrent requests one load, and loads again once it is over', async () => {
    const inFlight = new InFlight<string>();
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const answers = Promise.all([inFlight.run('k', load), inFlight.run('k', load), inFlight.run('k', load)]);
    expect(loads).toBe(1);
    pending.resolve('page');
    expect(await answers).toEqual(['page', 'page', 'page']);
    expect(inFlight.size).toBe(0);
    await inFlight.run('k', async () => {
      loads += 1;
      return 'again';
    });
    expect(loads).toBe(2);
  });

  it('keeps different keys apart', async () => {
    const inFlight = new InFlight<string>();
    const [a, b] = await Promise.all([
      inFlight.run('a', async () => 'A'),
      inFlight.run('b', async () => 'B'),
    ]);
    expect([a, b]).toEqual(['A', 'B']);
  });

  it('shares a failure with the requests that joined, and keeps nothing of it', async () => {
    const inFlight = new InFlight<string>();
    const failing = deferred<string>();
    const first = inFlight.run('k', () => failing.promise);
    const second = inFlight.run('k', async () => 'unused');
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await inFlight.run('k', async () => 'recovered')).toBe('recovered');
  });

  it('never hands a load started before a change to a request made after it', async () => {
    const inFlight = new InFlight<string>();
    const before = deferred<string>();
    const first = inFlight.run('k', () => before.promise);
    inFlight.invalidate();
    const second = inFlight.run('k', async () => 'after the change');
    before.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await second).toBe('after the change');
  });
});
