import { isDeepStrictEqual, promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { CacheStats } from '../metrics';
import { SwrCache, type SwrCacheOptions } from './swr-cache';

/** How many TTLs a stale reply may still be answered while a fresh one loads. */
const STALE_FACTOR = 12;
/** Entries live 80–120% of the TTL, spreading their refreshes over time. */
const TTL_JITTER = 0.2;
const MAX_REFRESHES = 4;
const JSON_TYPE = 'application/json; charset=utf-8';

export type Encoding = 'br' | 'gzip';

interface CachedReply {
  /**
   * The JSON as UTF-8, encoded once: a string body is encoded again on every send (its length
   * measured, then written), ~20% of a cached listing's cost in the server.
   */
  body: Buffer;
  ids: readonly string[] | undefined;
  /**
   * The JSON compressed, made on the first request that accepts each encoding and kept with it: the
   * promise while it is made, the bytes once made (so sendFresh need not wait).
   */
  encoded: Partial<Record<Encoding, Promise<Buffer> | Buffer>>;
}

/** Smaller replies are sent as they are: compressing them saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: Brotli, else gzip, else none; an encoding with
 * q=0 is refused.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  // Browsers send a handful of distinct headers: each is read once, not on every cached hit.
  const known = encodingByHeader.get(header);
  if (known !== undefined) return known || undefined;
  const encoding = readAcceptEncoding(header);
  if (header.length <= MAX_KNOWN_HEADER_LENGTH) {
    if (encodingByHeader.size >= MAX_KNOWN_HEADERS) encodingByHeader.clear();
    encodingByHeader.set(header, encoding ?? '');
  }
  return encoding;
}

const MAX_KNOWN_HEADERS = 256;
const MAX_KNOWN_HEADER_LENGTH = 200;
const encodingByHeader = new Map<string, Encoding | ''>();

function readAcceptEncoding(header: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** Text compressed once for keeping: Brotli at quality 5, or gzip at level 6. */
export function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          // Quality 5: most of Brotli's gain at a fraction of 11's time; each reply is compressed once.
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipped(bytes, { level: 6 });
}

export interface ReplyCacheOptions {
  /** How long a reply is reused for an identical request; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  log: FastifyBaseLogger;
  now?: () => number;
  /**
   * Whether a reply loaded as JSON text (`sendText`) is read back and checked against its schema
   * before it is sent (config.checkCatalogueReplies: on outside production).
   */
  checkText?: boolean;
}

/** A reply already written as JSON text (parts of it by the database), and the only ids it depends on. */
export interface ReplyText {
  json: string;
  ids?: readonly string[];
}

/**
 * The edge's caching policy for any value: stale for up to 12 TTLs while one
 * refresh per key (four at a time) loads, 80–120% jitter, failed refreshes
 * logged. Replies use it; so do parts several replies share (listing facets).
 */
export function edgeCacheOptions<V>(options: ReplyCacheOptions): SwrCacheOptions<V> {
  return {
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    staleMs: options.ttlMs * STALE_FACTOR,
    jitter: TTL_JITTER,
    maxRefreshes: MAX_REFRESHES,
    onRefreshError: (err, key) =>
      options.log.warn({ err, key }, 'cached value not refreshed; serving it stale'),
    ...(options.now ? { now: options.now } : {}),
  };
}

/**
 * A route's replies kept as checked JSON text (and its Brotli and gzip forms, so a hit costs no
 * compression either), so a hit costs no validation or serialisation: keyed by the route's
 * canonical query (`canonicalKey`, which the route computes once), answered stale while
 * refreshing (see SwrCache), and dropped by invalidate(). One per route, so a
 * flood of distinct searches cannot push product pages out.
 */
export class ReplyCache {
  private readonly cache: SwrCache<CachedReply>;
  private readonly checkText: boolean;

  constructor(options: ReplyCacheOptions) {
    this.checkText = options.checkText ?? true;
    this.cache = new SwrCache<CachedReply>({
      ttlMs: options.ttlMs,
      maxEntries: options.maxEntries,
      staleMs: options.ttlMs * STALE_FACTOR,
      jitter: TTL_JITTER,
      maxRefreshes: MAX_REFRESHES,
      idsOf: (reply) => reply.ids,
      onRefreshError: (err, key) =>
        options.log.warn({ err, key }, 'cached reply not refreshed; serving it stale'),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /**
   * Sends the reply under `key`, loading it on a miss and checking it against
   * `schema` once, when it is made. `dependsOn` names the only ids the reply
   * depends on (a product page); without it any change drops the reply.
   */
  send<T>(
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
    dependsOn?: (value: T) => readonly string[],
  ): Promise<FastifyReply> {
    return this.sendCached(reply, key, async () => {
      const value = schema.parse(await load());
      return {
        body: Buffer.from(JSON.stringify(value)),
        ids: dependsOn?.(value),
        encoded: {},
      };
    });
  }

  /**
   * Sends the reply under `key`, loaded as JSON text and sent as it is. With
   * `checkText` the text is read back and must be exactly what `schema` makes
   * of it (no field missing, extra or of another type); without, it is trusted.
   */
  sendText<T>(
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<ReplyText>,
  ): Promise<FastifyReply> {
    return this.sendCached(reply, key, async () => {
      const { json, ids } = await load();
      if (this.checkText) {
        const read: unknown = JSON.parse(json);
        if (!isDeepStrictEqual(schema.parse(read), read)) {
          throw new Error(`reply differs from its schema's reading of it: ${json.slice(0, 200)}`);
        }
      }
      return { body: Buffer.from(json), ids, encoded: {} };
    });
  }

  private async sendCached(
    reply: FastifyReply,
    key: string,
    load: () => Promise<CachedReply>,
  ): Promise<FastifyReply> {
    const cached = await this.cache.get(key, load);
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    const encoding = this.encodingFor(reply, cached);
    if (encoding) {
      cached.encoded[encoding] ??= compress(cached.body, encoding).then((bytes) => {
        cached.encoded[encoding] = bytes;
        return bytes;
      });
      // Already compressed: the app-wide compression passes a reply with a Content-Encoding through.
      return reply.header('content-encoding', encoding).send(await cached.encoded[encoding]);
    }
    // Fastify sends a Buffer as it is, without serialising or encoding it again.
    return reply.send(cached.body);
  }

  /**
   * Sends the reply under `key` at once if it is fresh and ready in the encoding the request takes
   * (true), else sends nothing (false) and the caller goes on to send(). A route calls it before
   * parsing its query, with a key it remembered for the same URL (CanonicalKeys.known).
   */
  sendFresh(reply: FastifyReply, key: string): boolean {
    const cached = this.cache.peek(key);
    if (!cached) return false;
    const encoding = this.encodingFor(reply, cached);
    const bytes = encoding ? cached.encoded[encoding] : cached.body;
    if (!Buffer.isBuffer(bytes)) return false;
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    reply.send(bytes);
    this.cache.stats.hits += 1;
    return true;
  }

  /** How lookups were answered (hits, stale, misses), for the metrics. */
  get stats(): CacheStats {
    return this.cache.stats;
  }

  private encodingFor(reply: FastifyReply, cached: CachedReply): Encoding | undefined {
    return cached.body.length >= MIN_COMPRESS_BYTES
      ? acceptedEncoding(reply.request.headers['accept-encoding'])
      : undefined;
  }

  invalidate(ids?: readonly string[]): void {
    this.cache.invalidate(ids);
  }
}

/**
 * One key for every spelling of the same parsed query: object keys sorted,
 * repeated values sorted and de-duplicated (a cached route's repeated query
 * values are sets, as the catalogue's filters are), undefined dropped.
 */
export function canonicalKey(query: unknown): string {
  // Written out directly: this runs on every request, cached or not.
  if (Array.isArray(query)) {
    return `[${[...new Set(query.map(canonicalKey))].sort().join(',')}]`;
  }
  if (query && typeof query === 'object') {
    const record = query as Record<string, unknown>;
    let key = '{';
    for (const name of Object.keys(record).sort()) {
      const value = record[name];
      if (value === undefined) continue;
      key += `${key.length > 1 ? ',' : ''}${JSON.stringify(name)}:${canonicalKey(value)}`;
    }
    return `${key}}`;
  }
  return JSON.stringify(query) ?? 'null';
}

/**
 * canonicalKey of a route's parsed query, remembered by the request's URL: one route parses one URL
 * the same way every time, and a cached hit is cheap enough that computing the key was ~5% of it.
 * Bounded: forgotten all at once when full; URLs longer than any shopper's link are not kept.
 */
export class CanonicalKeys {
  private readonly byUrl = new Map<string, string>();

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxUrlLength = 512,
  ) {}

  /** The key of a URL whose query was parsed before, if it is remembered. */
  known(url: string): string | undefined {
    return this.byUrl.get(url);
  }

  of(url: string, query: unknown): string {
    const known = this.byUrl.get(url);
    if (known !== undefined) return known;
    const key = canonicalKey(query);
    if (url.length <= this.maxUrlLength) {
      if (this.byUrl.size >= this.maxEntries) this.byUrl.clear();
      this.byUrl.set(url, key);
    }
    return key;
  }
}
