/**
 * How long `npm start` takes to serve its first page, timed from the command until `GET /` answers
 * 200: cold (the state `npm ci` leaves, built and with an empty DATA_DIR, so the demo is seeded)
 * and warm (a second start on that DATA_DIR). Each start is the command a person types (`npm start`
 * through the npm that runs the bench), in a temporary DATA_DIR. On Linux it also prints the CPU
 * time the start took, which moves far less than wall time when others share the machine.
 *
 *   npm run bench:start                     # 3 cold and 3 warm starts
 *   npm run bench:start -- --runs 5 --rebuild   # and time the build npm ci runs (all of it) first
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../e2e/shop';
import { buildStale } from '../scripts/build.mjs';
import { median } from './pages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, rebuild: { type: 'boolean', default: false } },
});
const runs = Math.max(1, Number(flags.runs) || 3);

/** `npm start` when npm runs the bench (it says where it is), else the script npm start runs. */
const npmCli = process.env.npm_execpath;
const startCommand = npmCli?.endsWith('.js') ? [npmCli, 'start'] : [path.join(root, 'scripts/start.mjs')];

interface Start {
  ms: number;
  cpuMs: number | undefined;
  seedMs: number | undefined;
}

/** CPU seconds (user + system) of every process in the group led by `pid`, from /proc (Linux only). */
function groupCpuMs(pid: number): number | undefined {
  let ticks = 0;
  let found = false;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …, utime (14th), stime, cutime, cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pid) continue;
      found = true;
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    }
  } catch {
    return undefined;
  }
  // USER_HZ is 100 on every Linux this runs on.
  return found ? ticks * 10 : undefined;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
    return exited;
  }
  // npm, its shell and the server: the whole group.
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  return exited.finally(() => clearTimeout(timer));
}

/** Starts the shop on `dataDir` and times it until the home page answers 200. */
async function timeStart(dataDir: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, startCommand, {
    cwd: root,
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url.slice(0, -1),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (code ${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`No page within 120 s:\n${output}`);
      const res = await fetch(url).catch(() => undefined);
      if (res?.status === 200) {
        await res.arrayBuffer();
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    const cpuMs = child.pid ? groupCpuMs(child.pid) : undefined;
    const seeded = /Demo data seeded: .* in (\d+) ms/.exec(output);
    return { ms, cpuMs, seedMs: seeded ? Number(seeded[1]) : undefined };
  } finally {
    await stop(child);
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

function row(name: string, starts: Start[]): string {
  const times = starts.map((s) => s.ms);
  const pick = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? median(known) : undefined;
  };
  return [
    name.padEnd(26),
    seconds(median(times)).padStart(9),
    seconds(Math.min(...times)).padStart(9),
    seconds(Math.max(...times)).padStart(9),
    seconds(pick(starts.map((s) => s.cpuMs))).padStart(11),
    seconds(pick(starts.map((s) => s.seedMs))).padStart(10),
  ].join(' ');
}

const buildStarted = performance.now();
if (!(await buildStale({ force: flags.rebuild, quiet: true }))) process.exit(1);
const buildMs = performance.now() - buildStarted;

const cold: Start[] = [];
const warm: Start[] = [];
const dirs: string[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-start-'));
    dirs.push(dataDir);
    cold.push(await timeStart(dataDir));
    warm.push(await timeStart(dataDir));
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nnpm start until GET / answers 200 (${runs} runs each; \`${path.basename(startCommand[0]!)} ${startCommand.slice(1).join(' ')}\`;` +
    ` load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)\n`,
);
console.log(
  `${'start'.padEnd(26)} ${'median'.padStart(9)} ${'min'.padStart(9)} ${'max'.padStart(9)} ${'CPU median'.padStart(11)} ${'seeding'.padStart(10)}`,
);
console.log(row('cold (empty DATA_DIR)', cold));
console.log(row('warm (second start)', warm));
if (flags.rebuild) console.log(`\nThe whole build (what npm ci runs after installing): ${seconds(buildMs)}`);
