import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { CacheStats } from '../metrics';
import { acceptedEncoding, compress, edgeCacheOptions } from './reply-cache';
import { SwrCache } from './swr-cache';

const HTML_TYPE = 'text/html; charset=utf-8';
const unbrotli = promisify(brotliDecompress);

/** What a page render gives: the page's HTML with its status, or a redirect. */
export type RenderedPage =
  | { kind: 'page'; status: number; html: Buffer }
  | { kind: 'redirect'; status: number; location: string };

type CachedPage =
  | {
      kind: 'page';
      status: number;
      /** The HTML as Brotli, made when it was rendered: what nearly every browser takes. */
      br: Buffer;
      /** gzip, made from it on the first request that wants it. */
      gzip?: Promise<Buffer> | undefined;
    }
  | { kind: 'redirect'; status: number; location: string };

export interface PageCacheOptions {
  /** How long a page is reused for the same URL; 0 renders every request. */
  ttlMs: number;
  maxEntries: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Server-rendered pages kept by URL, under the catalogue's caching policy (fresh for a TTL, then
 * answered stale while one refresh loads; identical misses in flight share one render), dropped
 * whenever the catalogue or the shop's settings change. Only for what every visitor is shown alike:
 * the renderer is given nothing of the request but its URL, so a page holds no visitor's data. Kept
 * as Brotli alone (a page is tens of kilobytes that way, hundreds as text); gzip is made once when
 * asked for, and the rare client that takes neither gets the text back out of the Brotli.
 */
export class PageCache {
  private readonly cache: SwrCache<CachedPage>;

  constructor(options: PageCacheOptions) {
    this.cache = new SwrCache<CachedPage>(edgeCacheOptions(options));
  }

  /** Sends the page for `key`, rendering it on a miss. */
  async send(reply: FastifyReply, key: string, render: () => Promise<RenderedPage>): Promise<FastifyReply> {
    const page = await this.cache.get(key, async () => keep(await render()));
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    reply.status(page.status).type(HTML_TYPE).header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
    if (encoding === 'gzip') {
      page.gzip ??= unbrotli(page.br)
        .then((html) => compress(html, 'gzip'))
        .catch((error: unknown) => {
          page.gzip = undefined;
          throw error;
        });
      return reply.header('content-encoding', 'gzip').send(await page.gzip);
    }
    return reply.send(await unbrotli(page.br));
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  /** How lookups were answered (hits, stale, misses), for the metrics. */
  get stats(): CacheStats {
    return this.cache.stats;
  }
}

async function keep(rendered: RenderedPage): Promise<CachedPage> {
  if (rendered.kind === 'redirect') return rendered;
  return { kind: 'page', status: rendered.status, br: await compress(rendered.html, 'br') };
}
