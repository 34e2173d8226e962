import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(root, 'apps/server/src/server.ts');

export interface ServerProcess {
  baseUrl: string;
  /** What the process wrote to stdout and stderr, for a failure's message. */
  output(): string;
  /** Settles when the process has exited, however it ended (a kill point, kill(), stop()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL at once, as a crash or an OOM kill would: no shutdown, transactions left open. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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
  options: { ready?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-process-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
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
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // A crashed or interrupted test run must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await stop();
  };

  const deadline = Date.now() + 45_000;
  for (; options.ready !== false; ) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server process exited (code ${child.exitCode}) before answering:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server process did not answer /api/health within 45 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, output: () => output, exited, kill, stop };
}
