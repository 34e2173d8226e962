import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOverrides, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import type { Deps } from '../src/deps';
import type { Services } from '../src/services';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  services: Services;
  /** The app's database (`deps.db`). */
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends BuildOverrides {
  /**
   * Run on the database of another test app, as a second server process would:
   * on PostgreSQL through a pool (and a listening connection) of its own, on
   * PGlite through the same embedded instance.
   */
  sameDatabaseAs?: TestApp;
  /** Return as soon as the app listens, before its start-up work (the listing's load) is done. */
  beforeReady?: boolean;
}

/**
 * A fresh app on a fresh, migrated database: a copy of the run's migrated
 * embedded database, or, when TEST_DATABASE_URL is set (CI with a real
 * server), a new database cloned from the run's migrated template. Config
 * overrides go first; deps (a clock, say) and extra route modules in `options`.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { sameDatabaseAs, beforeReady, ...buildOverrides } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-test-'));
  const opened = buildOverrides.database
    ? { database: buildOverrides.database, close: async () => {} }
    : await openTestDatabase(dataDir, sameDatabaseAs);
  const app = await buildApp(
    testConfig({
      dataDir,
      databaseUrl: opened.database.kind === 'postgres' ? opened.database.url : undefined,
      ...overrides,
    }),
    { ...buildOverrides, database: opened.database },
  );
  await app.ready();
  if (!beforeReady) await app.lifecycle.running;
  return {
    app,
    deps: app.deps,
    services: app.services,
    db: app.deps.db,
    dataDir,
    async close() {
      await app.close();
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Connections per test app on PostgreSQL: half production's 20, so two test files of two apps each stay
 * well inside the server's 100, while 70 checkouts settling at once on a busy CI machine do not queue
 * past the pool's 5 s wait (answered 503, as production would under such load).
 */
const TEST_POOL_SIZE = 10;

async function openTestDatabase(
  dataDir: string,
  same: TestApp | undefined,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (same) {
    const shared = same.deps.database;
    if (shared.kind === 'pglite') return { database: shared, close: async () => {} };
    const database = await openDatabase({ url: shared.url, dataDir, poolSize: TEST_POOL_SIZE });
    return { database, close: () => database.close() };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const fresh = await freshDatabase(admin);
    const database = await openDatabase({ url: fresh.url, dataDir, poolSize: TEST_POOL_SIZE });
    return {
      database,
      async close() {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  const database = await openDatabase({
    dataDir: 'memory://',
    pgliteSnapshot: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  return { database, close: () => database.close() };
}

/** A new database on the test server: a clone of the migrated template when the run made one. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `bazaar_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = inject('pgTemplate');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** inject() that keeps every reply body, so a test can check that none of them leaks a password hash. */
export function recordingInject(app: () => FastifyInstance) {
  const bodies: string[] = [];
  const call = async (options: InjectOptions) => {
    const res = await app().inject(options);
    bodies.push(res.body);
    return res;
  };
  return { bodies, call };
}

/**
 * Two apps on one database, as two server processes would be, built before the
 * suite's tests and closed after them: `processes.a` and `processes.b`.
 */
export function twoProcesses(options: TestAppOptions = {}): { a: TestApp; b: TestApp } {
  const processes = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    processes.a = await createTestApp({}, options);
    processes.b = await createTestApp({}, { ...options, sameDatabaseAs: processes.a });
  });
  afterAll(async () => {
    await processes.b?.close();
    await processes.a?.close();
  });
  return processes;
}
