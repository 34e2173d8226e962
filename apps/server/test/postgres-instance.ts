import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl in a temporary folder, on a free port), for
 * tests that stop and start the database itself: the shared one on 5432 is never touched.
 */
export interface PostgresInstance {
  /** A URL of its `postgres` database (trust authentication). */
  url: string;
  /** Stops the server the way an operator's restart does (fast: sessions are ended, 57P01). */
  stop(): Promise<void>;
  /** Starts it again; resolves the moment it accepts a connection (looked for every 10 ms). */
  start(): Promise<void>;
  /** Stops it at once and removes its files. */
  destroy(): Promise<void>;
  /** The server's own log, for a failure's message. */
  log(): string;
}

/**
 * The folder of PostgreSQL's server programs: TEST_PG_BIN, else the newest under Debian's
 * /usr/lib/postgresql, else the folder on PATH that holds initdb (Homebrew, Postgres.app); undefined
 * when none has both initdb and pg_ctl.
 */
export function postgresBinaries(): string | undefined {
  const complete = (dir: string) =>
    existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  if (process.env.TEST_PG_BIN) return complete(process.env.TEST_PG_BIN) ? process.env.TEST_PG_BIN : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (complete(path.join(debian, v, 'bin'))) return path.join(debian, v, 'bin');
  }
  return (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir && complete(dir));
}

/** initdb refuses to run as root: as root, the server runs as the `postgres` user (or `nobody`). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

export async function startPostgresInstance(bin: string): Promise<PostgresInstance> {
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const as = { ...(user ?? {}), cwd: dir, env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' } };
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args], as);

  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    as,
  );
  // Durability is not what these tests are about; a quick server is.
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // pg_ctl's own wait looks only now and then: the test times the return from the first connection.
  const start = async () => {
    await pgCtl('-W', '-l', logFile, '-o', options, 'start');
    const until = Date.now() + 60_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  };
  const stopNow = () => {
    try {
      execFileSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
        ...as,
        stdio: 'ignore',
      });
    } catch {
      // not running
    }
  };
  // A crashed or interrupted test run must not leave a server behind.
  process.once('exit', stopNow);
  await start();
  return {
    url,
    start,
    stop: async () => {
      await pgCtl('-m', 'fast', '-w', '-t', '60', 'stop');
    },
    destroy: async () => {
      process.off('exit', stopNow);
      stopNow();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
