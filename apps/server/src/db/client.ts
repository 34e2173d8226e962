import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makePrivate } from '../lib/file-modes';
import { lockDataDir } from './data-dir-lock';
import { copyPgliteBase } from './pglite-base';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction; it runs every query a Db runs. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What every repo function takes first: the database, or a transaction a service opened on it. */
export type DbOrTx = Db | Tx;

/** An open database and the driver-level handle its events (LISTEN/NOTIFY) need. */
export type Database = { db: Db; close(): Promise<void> } & (
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; pool: pg.Pool; url: string }
);

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Pool size for a real server. */
  poolSize?: number;
  /**
   * A dump (`PGlite.dumpDataDir`) of an already migrated embedded database to
   * start from: a copy costs a fraction of creating one (tests start each file from one).
   */
  pgliteSnapshot?: Blob | undefined;
  /**
   * The embedded database's shared_buffers in MB (default 16). PostgreSQL's own default, 128 MB, is
   * touched from the start inside PGlite's WebAssembly memory, which never shrinks: it was half the
   * demo's resident memory. The files sit in the operating system's page cache anyway, so a page that
   * does not fit costs a read from it, not from the disk.
   */
  pgliteSharedBuffersMb?: number | undefined;
  /**
   * Let V8 recompile the engine's hot functions with its optimising compiler (TurboFan), as it does by
   * default. Off unless asked: the second copy of the code and the compiler's own memory were ~50 MB
   * of a demo's resident memory, and on this shop's queries the baseline code (Liftoff) was within
   * 5–15% on scans and no slower on lookups (the compiling competes for the same cores).
   */
  pgliteOptimisingCompiler?: boolean | undefined;
  /**
   * Told about a pooled connection that failed (the server restarted, failed over or ended it), idle
   * or checked out; the pool replaces it, and a query it was running fails on its own.
   */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/**
 * How long a request waits for a new connection (a server that is gone without a word, a failover
 * moving its address) before it fails and is answered 503, instead of hanging for TCP's minutes.
 */
export const CONNECT_TIMEOUT_MS = 5000;

export function migrationsFolder(): string {
  // Source runs from src/db, the bundled server from dist; both find the folder beside the package root.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return process.env.MIGRATIONS_DIR ?? candidates.find((c) => existsDir(c)) ?? candidates[0]!;
}

function existsDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keep-alive finds a server that vanished (a failover) under a connection nobody is using.
      keepAlive: true,
    });
    // A connection the server ends (a restart, a failover, an administrator) emits 'error', and an
    // 'error' nobody listens to ends the process. The pool listens only while a connection sits idle;
    // one checked out across awaits (a transaction) has no listener but this one, added to each
    // connection for its whole life. The pool still drops it: a released connection that failed is
    // not reused.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    // The pool repeats an idle connection's error here; it was reported above.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, kind: 'postgres', pool, url: options.url, close: () => pool.end() };
  }
  const memory = options.dataDir.startsWith('memory://');
  const dir = memory ? options.dataDir : path.join(options.dataDir, 'pglite');
  // First of all: no second process may touch the files while this one has them.
  const lock = memory ? undefined : await lockDataDir(options.dataDir);
  let client: PGlite | undefined;
  try {
    if (!memory) {
      copyPgliteBase(dir, folder);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    }
    // Read by V8 when it compiles a WebAssembly module; PGlite's is the only one in the process.
    if (!options.pgliteOptimisingCompiler) v8.setFlagsFromString('--liftoff-only');
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${options.pgliteSharedBuffersMb ?? 16}MB`,
      ],
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    // Applies nothing when the snapshot is already up to date.
    await migratePglite(db, { migrationsFolder: folder });
    // The files hold password hashes: the owner's alone (the engine creates a new database's files 0666).
    if (!memory) makePrivate(dir);
    const opened = client;
    const close = async () => {
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', client: opened, close };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}
