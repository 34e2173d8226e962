import {
  type ProductListParams,
  productDetailSchema,
  productListSchema,
  productSuggestionsSchema,
} from '@bazaar/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { CanonicalKeys, ReplyCache } from '../../lib/cache/reply-cache';
import type { Clock } from '../../lib/clock';
import { watchCache } from '../../lib/metrics';
import type { CatalogueService } from '../catalogue/index';
import type { ListingService } from './listing.service';

export interface ListingRepliesDeps {
  config: Pick<Config, 'catalogueCacheTtlMs' | 'checkCatalogueReplies'>;
  clock: Clock;
  log: FastifyBaseLogger;
  listing: ListingService;
  catalogue: CatalogueService;
}

/**
 * The one reply cache in front of the listing: every shopper reply of it
 * (listings, product pages, type-ahead) kept as checked JSON bytes (and their
 * Brotli and gzip forms) per canonical query, answered stale while one
 * refresh loads, identical loads in flight shared (the cache on or off), and
 * dropped on every catalogue change, in this process or another: listings and
 * suggestions on any change, a product page only when a product it shows
 * changed. Its keys and its invalidation are here and nowhere else.
 */
export class ListingReplies {
  private readonly listings: ReplyCache;
  private readonly pages: ReplyCache;
  private readonly suggestions: ReplyCache;
  /** The canonical key of each listing URL seen: a fresh reply is sent before the query is parsed again. */
  private readonly listingKeys = new CanonicalKeys();

  constructor(private readonly deps: ListingRepliesDeps) {
    const { config, clock, log } = deps;
    const policy = (maxEntries: number, checkText = false) => ({
      ttlMs: config.catalogueCacheTtlMs,
      maxEntries,
      log,
      now: () => clock.now().getTime(),
      checkText,
    });
    // Listings and product pages are JSON the database wrote: checked against their schemas outside production.
    this.listings = new ReplyCache(policy(500, config.checkCatalogueReplies));
    this.pages = new ReplyCache(policy(2000, config.checkCatalogueReplies));
    this.suggestions = new ReplyCache(policy(500));
  }

  /** Follows catalogue changes and reports to the metrics; resolves to a stopper once changes are heard. */
  async start(): Promise<() => void> {
    const stopListening = await this.deps.catalogue.onChange((productIds) => this.invalidate(productIds));
    const unwatch = [
      watchCache('listings', () => this.listings.stats),
      watchCache('product_pages', () => this.pages.stats),
      watchCache('suggestions', () => this.suggestions.stats),
    ];
    return () => {
      stopListening();
      for (const stop of unwatch) stop();
    };
  }

  /** Products changed (undefined: any may have). */
  invalidate(productIds: readonly string[] | undefined): void {
    this.listings.invalidate();
    this.suggestions.invalidate();
    this.pages.invalidate(productIds);
  }

  /**
   * Before the query is parsed (a route's onRequest, after the app's own hooks: the rate limit counts
   * it): sends a fresh cached listing of a URL parsed before, and says whether it did.
   */
  sendFreshListing(request: FastifyRequest, reply: FastifyReply): boolean {
    const key = this.listingKeys.known(request.url);
    return key !== undefined && this.listings.sendFresh(reply, key);
  }

  sendListing(request: FastifyRequest, reply: FastifyReply, q: ProductListParams): Promise<FastifyReply> {
    const key = this.listingKeys.of(request.url, q);
    return this.listings.sendText(reply, key, productListSchema, () => this.deps.listing.list(q));
  }

  /** As sendFreshListing: only an id that passed the schema was ever cached under its own spelling. */
  sendFreshPage(id: string, reply: FastifyReply): boolean {
    return this.pages.sendFresh(reply, id);
  }

  sendPage(id: string, reply: FastifyReply): Promise<FastifyReply> {
    return this.pages.sendText(reply, id, productDetailSchema, () => this.deps.listing.detail(id));
  }

  sendSuggestions(term: string, reply: FastifyReply): Promise<FastifyReply> {
    const t = term.trim().toLowerCase();
    return this.suggestions.send(reply, t, productSuggestionsSchema, () => this.deps.listing.suggest(t));
  }
}
