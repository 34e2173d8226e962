import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { schemaHash } from '../src/db/pglite-base';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database; each test file starts from a copy. */
    pgliteSnapshot: string | undefined;
    /** On a real server: a migrated database each test file clones with CREATE DATABASE … TEMPLATE. */
    pgTemplate: string | undefined;
  }
}

/**
 * Migrates once per run instead of once per test file: creating and migrating
 * a database costs seconds, copying a migrated one a fraction of that.
 */
export default async function setup(project: TestProject) {
  const hash = schemaHash(migrationsFolder());
  const admin = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplate', admin ? await ensureTemplate(admin, `bazaar_template_${hash}`) : undefined);
  project.provide('pgliteSnapshot', admin ? undefined : await ensureSnapshot(hash));
}

async function ensureSnapshot(hash: string): Promise<string> {
  const file = path.join(tmpdir(), `bazaar-pglite-${hash}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  // Written aside and renamed, so a concurrent run never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

async function ensureTemplate(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Runs started together (other worktrees share the server) build the template once.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building}`);
      await client.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), dataDir: tmpdir(), poolSize: 1 });
      await database.close();
      await client.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    await client.end();
  }
}
