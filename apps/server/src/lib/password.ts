import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { tooManyRequests } from './errors';

/** scrypt's cost parameters; each stored hash carries its own, so hashes of any cost keep verifying. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB of memory per hash). */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 64;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * How many hashes may run at once. scrypt runs on libuv's thread pool, which file reads (static
 * files, uploads), DNS and compression share: half of it (the pool has UV_THREADPOOL_SIZE threads,
 * 4 by default) stays free for them, however many people sign in at once.
 */
export function defaultHashConcurrency(poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4): number {
  return Math.max(1, Math.floor(poolSize / 2));
}

/** Hashes waiting beyond this many are refused (429): a flood cannot queue minutes of work. */
export const MAX_WAITING_HASHES = 64;

export interface HashQueueOptions {
  concurrency?: number;
  maxWaiting?: number;
}

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: cost.N, r: cost.r, p: cost.p, maxmem: MAX_MEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined;
  return {
    cost: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
}

/**
 * Hashes passwords at one configured cost (production's everywhere but in the
 * test configuration) as `scrypt$N$r$p$salt$hash`, and verifies hashes of any cost.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;
  private readonly queue: LimitFunction;
  private readonly done = { hashed: 0, verified: 0 };
  private readonly maxWaiting: number;

  constructor(
    private readonly cost: ScryptCost = PRODUCTION_SCRYPT_COST,
    options: HashQueueOptions = {},
  ) {
    this.queue = pLimit(options.concurrency ?? defaultHashConcurrency());
    this.maxWaiting = options.maxWaiting ?? MAX_WAITING_HASHES;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.scrypt(password, salt, this.cost);
    this.done.hashed += 1;
    const { N, r, p } = this.cost;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const parsed = stored ? parse(stored) : undefined;
    if (!parsed) return false;
    const actual = await this.scrypt(password, parsed.salt, parsed.cost);
    this.done.verified += 1;
    return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  }

  /** How many passwords this hasher has hashed and verified since it was made. */
  get counts(): { hashed: number; verified: number } {
    return { ...this.done };
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.queue.activeCount, waiting: this.queue.pendingCount };
  }

  /** Every hash waits its turn in one queue, so at most `concurrency` pool threads ever hash. */
  private scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
    if (this.queue.pendingCount >= this.maxWaiting) {
      throw tooManyRequests(
        'Too many people are signing in right now. Please try again in a few seconds.',
        5,
      );
    }
    return this.queue(() => scrypt(password, salt, cost));
  }

  /** True when a hash was made at another cost than today's, so a login can store a new one. */
  needsRehash(stored: string): boolean {
    const cost = parse(stored)?.cost;
    return !cost || cost.N !== this.cost.N || cost.r !== this.cost.r || cost.p !== this.cost.p;
  }

  /** A hash of a random password, verified against when an email is unknown, so timing does not tell. */
  dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    return this.dummy;
  }
}
