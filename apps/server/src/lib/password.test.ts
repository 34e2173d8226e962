import { describe, expect, it } from 'vitest';
import { TEST_SCRYPT_COST } from '../config';
import { AppError } from './errors';
import { defaultHashConcurrency, PasswordHasher } from './password';

describe('the password hasher queue', () => {
  it('uses half of the thread pool, at least one thread', () => {
    expect(defaultHashConcurrency(4)).toBe(2);
    expect(defaultHashConcurrency(16)).toBe(8);
    expect(defaultHashConcurrency(1)).toBe(1);
  });

  it('runs at most `concurrency` hashes at once and refuses beyond the waiting room with a 429', async () => {
    const hasher = new PasswordHasher(TEST_SCRYPT_COST, { concurrency: 1, maxWaiting: 2 });
    const running = [
      hasher.hash('first-password'),
      hasher.hash('second-password'),
      hasher.hash('third-password'),
    ];
    expect(hasher.load).toEqual({ running: 1, waiting: 2 });
    let refused: unknown;
    try {
      await hasher.hash('fourth-password');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    const hashes = await Promise.all(running);
    expect(await hasher.verify('second-password', hashes[1])).toBe(true);
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
  });
});
