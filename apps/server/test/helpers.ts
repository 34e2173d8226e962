import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set (CI with a real server), a new database created on that server.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-test-'));
  const url = await freshDatabaseUrl();
  const database = await openDatabase({ url: url?.url, dataDir: url ? dataDir : 'memory://', poolSize: 5 });
  const app = await buildApp(testConfig({ dataDir, databaseUrl: url?.url, ...overrides }), { database });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await url?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const pg = (await import('pg')).default;
  const name = `bazaar_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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
