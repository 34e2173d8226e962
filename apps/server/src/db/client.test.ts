import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection ended by the server', () => {
  let t: TestApp;
  let second: Database & { kind: 'postgres' };
  const reported: Error[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const database = t.deps.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const opened = await openDatabase({
      url: database.url,
      dataDir: t.dataDir,
      poolSize: 1,
      onConnectionError: (error) => reported.push(error),
    });
    if (opened.kind !== 'postgres') throw new Error('expected PostgreSQL');
    second = opened;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Ends the backend of a connection of the second pool, as a restart or an administrator would. */
  const terminate = (pid: number) => t.deps.db.execute(sql`select pg_terminate_backend(${pid})`);

  it('is reported and replaced while idle, not an uncaught error that ends the process', async () => {
    reported.length = 0;
    const { rows } = await second.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    // The connection now sits idle in the pool; the server ends it.
    await terminate(rows[0]!.pid);
    await expect.poll(() => reported.length).toBe(1);
    const after = await second.pool.query<{ one: number }>('select 1 as one');
    expect(after.rows[0]!.one).toBe(1);
  });

  it('fails the transaction holding it as "unavailable", and the pool serves the next one', async () => {
    reported.length = 0;
    // Checked out across awaits, as a cart change or a checkout holds its connection: the pool's
    // own listener is off it meanwhile.
    const failed = await second.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await terminate(rows[0]!.pid);
        await expect.poll(() => reported.length).toBe(1);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const after = await second.pool.query<{ one: number }>('select 1 as one');
    expect(after.rows[0]!.one).toBe(1);
  });
});
