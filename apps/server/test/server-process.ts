import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(root, 'apps/server/src/server.ts');

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** What the process wrote to stdout and stderr, for a failure's message (stdout only when read). */
  output(): string;
  /** How the process ended, once it has (a crash, or the end of a shutdown); undefined while it runs. */
  exit(): ProcessExit | undefined;
  /** Settles when the process has exited, however it ended (a kill point, kill(), signal(), stop()). */
  exited: Promise<ProcessExit>;
  /** SIGKILL at once, as a crash or an OOM kill would: no shutdown, transactions left open. */
  kill(): Promise<void>;
  /** Sends it a signal and returns at once (SIGTERM: the shutdown an orchestrator asks for). */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 5 s; removes its DATA_DIR. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** false: resolve at once, for a process that may die before it answers (default: once it answers). */
  ready?: boolean;
  /**
   * `read` (default) collects stdout into output(); `stalled` leaves it a pipe nobody reads, as a log
   * shipper that hangs would.
   */
  stdout?: 'read' | 'stalled';
  /** Flags for node itself, before the entry (a bench's `--cpu-prof`; NODE_OPTIONS refuses it). */
  nodeArgs?: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The server from source (`node --import tsx src/server.ts`) as a separate OS process on a free
 * port, resolved once it answers /api/health (or at once with `ready: false`, for a process that
 * may die before it answers). Its environment is built from scratch, so nothing of the caller's (a
 * Razorpay key, another DATABASE_URL) leaks in; `env` adds to it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-process-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', serverEntry],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // A paused stream stops reading once its buffer is full, and then the pipe itself fills.
  if (options.stdout === 'stalled') child.stdout?.pause();
  else
    child.stdout?.on('data', (d) => {
      output += d;
    });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  let ended: ProcessExit | undefined;
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve(ended);
    }),
  );
  // A crashed or interrupted test run must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!ended) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (!ended) child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (!ended) child.kill('SIGKILL');
    await exited;
    await stop();
  };

  // Generous: on a machine shared with other work a start has taken over 45 s.
  const deadline = Date.now() + 90_000;
  for (; options.ready !== false; ) {
    if (ended) {
      await stop();
      throw new Error(`The server process exited (code ${ended.code}) before answering:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server process did not answer /api/health within 90 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    exit: () => ended,
    exited,
    kill,
    signal: (signal) => child.kill(signal),
    stop,
  };
}
