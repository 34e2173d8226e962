import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  utimes,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * One process at a time on an embedded database. PGlite has no server between the database files
 * and the process, so two processes on one DATA_DIR would each work on the files blind to the
 * other, and one's acknowledged writes would be lost to the other's. The lock is a file in DATA_DIR
 * naming the process that holds it; a lock whose process is gone (killed, crashed, the machine
 * restarted) is taken over by the next start.
 */

const LOCK_FILE = 'bazaar.lock';
/** The holder touches the file this often, so a holder on another machine shows it is alive. */
const HEARTBEAT_MS = 15_000;
/** A lock from another machine (or container) untouched this long is stale. */
export const FOREIGN_STALE_MS = 60_000;

/** The tokens of the locks this process holds: a lock naming this pid is this process's only if listed. */
const held = new Set<string>();

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When it took the lock (ms since the epoch). */
  since: number;
  /** Its start time in clock ticks since boot (Linux), which tells it from a later process given its pid. */
  processStart?: string | undefined;
  /** The boot it ran in (Linux): after a restart of the machine, no process of before runs. */
  bootId?: string | undefined;
  /** How it was started, for the message. */
  command: string;
  /** Tells this holder's lock from any other, so only the holder removes it. */
  token: string;
}

/** What is known of this machine, to judge a holder by (facts, so tests can state them). */
export interface MachineFacts {
  host: string;
  pid: number;
  now: number;
  /** This boot of the machine (Linux's boot_id), when the system says. */
  bootId: string | undefined;
  /** Whether a process with this id runs here. */
  running(pid: number): boolean;
  /** A running process's start time as `processStart` records it, when the system says (Linux). */
  processStart(pid: number): string | undefined;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === hostname() ? 'on this machine' : `on ${holder.host}`;
    super(
      `DATA_DIR ${dataDir} is in use by another Bazaar process: pid ${holder.pid} ${where}, ` +
        `running since ${new Date(holder.since).toISOString()} (${holder.command}). ` +
        'The embedded database serves one process at a time: stop that process first, or give this one ' +
        'its own DATA_DIR (several processes share one PostgreSQL through DATABASE_URL). ' +
        `If no such process runs, remove ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Whether the holder of a lock may still be running. A lock is stale when it names this very
 * process (a container's server is pid 1 on every start), a process that no longer runs, or (where
 * the system says, on Linux) a process of an earlier boot or one whose pid a later process has
 * taken; a lock from another machine is stale once its holder stopped touching it. Where the system
 * cannot tell a reused pid (macOS, Windows), a running pid holds the lock: refusing to start, with
 * the file to remove named, is better than two processes on one database.
 */
export function holderIsAlive(holder: LockHolder, lastTouched: number, facts: MachineFacts): boolean {
  if (holder.host !== facts.host) return facts.now - lastTouched < FOREIGN_STALE_MS;
  if (holder.pid === facts.pid) return false;
  if (holder.bootId && facts.bootId && holder.bootId !== facts.bootId) return false;
  if (!facts.running(holder.pid)) return false;
  const start = facts.processStart(holder.pid);
  return !(start && holder.processStart && start !== holder.processStart);
}

function linuxBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat's 22nd field: when the process started, in clock ticks after boot (Linux only). */
function linuxProcessStart(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function machineFacts(): MachineFacts {
  return {
    host: hostname(),
    pid: process.pid,
    now: Date.now(),
    bootId: linuxBootId(),
    running: isRunning,
    processStart: linuxProcessStart,
  };
}

function readHolder(file: string): { holder: LockHolder; lastTouched: number } | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return { holder, lastTouched: statSync(file).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable or not what this code writes (the file appears whole, through link()): nobody's.
    return { holder: { pid: 0, host: '', since: 0, command: '', token: '' }, lastTouched: 0 };
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still this process's. Safe to call more than once. */
  release(): void;
}

/**
 * Takes DATA_DIR's lock for this process, taking over a stale one, or throws DataDirInUseError
 * naming the process that holds it. The lock goes when the process exits, whatever the reason
 * but SIGKILL or a crash of the machine, which the next start recognises.
 */
export async function lockDataDir(
  dataDir: string,
  facts: () => MachineFacts = machineFacts,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const own: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: Date.now(),
    processStart: linuxProcessStart('self'),
    bootId: linuxBootId(),
    command: [path.basename(process.argv0), ...process.argv.slice(1).map((a) => path.relative('.', a) || a)]
      .join(' ')
      .slice(0, 200),
    token: randomBytes(12).toString('base64url'),
  };
  // Written whole aside and linked into place: link() fails if the lock exists, and the lock never
  // appears half written.
  const draft = `${file}.${process.pid}.${own.token}`;
  writeFileSync(draft, JSON.stringify(own), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (attempt >= 100) throw new Error(`Could not take ${file}: other processes keep taking it over`);
      const found = readHolder(file);
      if (!found) continue;
      const ours = found.holder.pid === process.pid && held.has(found.holder.token);
      if (ours || holderIsAlive(found.holder, found.lastTouched, facts())) {
        throw new DataDirInUseError(dataDir, found.holder);
      }
      if (!removeStale(file, found.holder)) await delay(50);
    }
  } finally {
    rmSync(draft, { force: true });
  }

  held.add(own.token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now, () => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(own.token);
    clearInterval(heartbeat);
    process.off('exit', release);
    if (readHolder(file)?.holder.token === own.token) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

/**
 * Removes a stale lock, under a short-lived mutex (a folder, made atomically) so that of two
 * processes finding the same stale lock, one removes it and the other then finds the winner's.
 */
function removeStale(file: string, stale: LockHolder): boolean {
  const mutex = `${file}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A process that died while taking over leaves the folder behind.
    const age = Date.now() - (statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 10_000) rmSync(mutex, { recursive: true, force: true });
    return false;
  }
  try {
    const still = readHolder(file)?.holder;
    if (still && still.token === stale.token && still.pid === stale.pid) unlinkSync(file);
    return true;
  } finally {
    rmdirSync(mutex);
  }
}
