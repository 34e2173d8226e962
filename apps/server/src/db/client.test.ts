import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { openDatabase } from './client';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a pooled PostgreSQL connection ended by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is reported and replaced, not an uncaught error that ends the process', async () => {
    const database = t.deps.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const reported: Error[] = [];
    const second = await openDatabase({
      url: database.url,
      dataDir: t.dataDir,
      poolSize: 1,
      onIdleError: (error) => reported.push(error),
    });
    if (second.kind !== 'postgres') throw new Error('expected PostgreSQL');
    try {
      const { rows } = await second.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      // The connection now sits idle in the pool; the server ends it.
      await database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await expect.poll(() => reported.length).toBe(1);
      const after = await second.pool.query<{ one: number }>('select 1 as one');
      expect(after.rows[0]!.one).toBe(1);
    } finally {
      await second.close();
    }
  });
});
