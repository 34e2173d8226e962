import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { Lifecycle } from '../../lib/lifecycle';
import { ReadinessCheck } from './readiness';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers live and ready once started, and keeps /health answering as ready does', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      ready: true,
      state: 'running',
      database: { kind: t.deps.database.kind, reachable: true, migrations: 'applied' },
    });
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true, database: t.deps.database.kind });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const [newest] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations
              where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        ready: false,
        database: { reachable: true, migrations: 'pending' },
      });
      expect((await get('/api/health')).statusCode).toBe(503);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('is not ready while starting', async () => {
    const starting = await new ReadinessCheck(t.deps.database, new Lifecycle()).check();
    expect(starting).toMatchObject({ ready: false, state: 'starting', database: { reachable: true } });
  });

  it('is not ready, and says so, when its database does not answer', async () => {
    const other = await createTestApp();
    const { database } = other.deps;
    await other.close();
    const running = new Lifecycle();
    running.started();
    expect(await new ReadinessCheck(database, running).check()).toEqual({
      ready: false,
      state: 'running',
      database: { kind: database.kind, reachable: false, migrations: 'unknown' },
    });
  });

  // Last: the app stays stopping.
  it('stops being ready the moment a shutdown begins, and stays live', async () => {
    t.app.lifecycle.stop();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, state: 'stopping' });
    expect((await get('/api/health')).json()).toEqual({ ok: false, database: t.deps.database.kind });
    expect((await get('/api/health/live')).statusCode).toBe(200);
    // Every reply now closes its connection.
    expect((await get('/api/health/live')).headers.connection).toBe('close');
  });
});

// While the listing loads into memory the process answers liveness but not readiness, so a proxy sends
// it no catalogue traffic; a catalogue request that comes anyway waits for the load. The load is held
// here by a lock on catalogue_listing taken from another connection: PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(!onPostgres)('readiness while the listing loads', () => {
  it('is live at once, ready only once the listing has loaded', async () => {
    const first = await createTestApp();
    const { database } = first.deps;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    let second: TestApp | undefined;
    try {
      await locker.query('begin');
      await locker.query('lock table catalogue_listing in access exclusive mode');
      second = await createTestApp({}, { sameDatabaseAs: first, beforeReady: true });
      const app = second.app;
      const get = (url: string) => app.inject({ method: 'GET', url });
      expect((await get('/api/health/live')).statusCode).toBe(200);
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, state: 'starting' });
      let listed = false;
      const listing = get('/api/products').then((res) => {
        listed = true;
        return res;
      });
      // Other routes answer meanwhile; the listing waits.
      expect((await get('/api/categories')).statusCode).toBe(200);
      expect(listed).toBe(false);
      await locker.query('commit');
      await app.lifecycle.running;
      expect((await get('/api/health/ready')).statusCode).toBe(200);
      expect((await listing).statusCode).toBe(200);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
      await second?.close();
      await first.close();
    }
  });
});
