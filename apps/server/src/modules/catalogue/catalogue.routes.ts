import {
  categoryTreeSchema,
  errorReplySchema,
  idParamsSchema,
  type ProductSuggestions,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  productSuggestionsSchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CanonicalKeys, ReplyCache, type ReplyText } from '../../lib/cache/reply-cache';
import { watchCache } from '../../lib/metrics';
import { InFlight } from './in-flight';

const suggestionsQuerySchema = z.object({ q: z.string().max(100).default('') }).strict();

/**
 * Categories and products for shoppers. Product replies are cached here, at
 * the edge, as checked JSON text (ReplyCache); the service announces every
 * catalogue change, in this process or another, and the caches drop what it touched.
 */
export async function catalogueRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { catalogue, categories } = app.services;
  const { config, clock } = app.deps;
  const policy = (maxEntries: number) => ({
    ttlMs: config.catalogueCacheTtlMs,
    maxEntries,
    log: app.log,
    now: () => clock.now().getTime(),
  });
  // Listings and product pages are JSON the database wrote: checked against their schemas outside production.
  const checked = (maxEntries: number) => ({
    ...policy(maxEntries),
    checkText: config.checkCatalogueReplies,
  });
  const listings = new ReplyCache(checked(500));
  const listingKeys = new CanonicalKeys();
  const details = new ReplyCache(checked(2000));
  const suggestions = new ReplyCache(policy(500));
  // Identical requests in flight together share one load, the cache on or off.
  const loading = {
    listings: new InFlight<ReplyText>(),
    details: new InFlight<ReplyText>(),
    suggestions: new InFlight<ProductSuggestions>(),
  };
  const stopListening = await catalogue.onChange((productIds) => {
    listings.invalidate();
    suggestions.invalidate();
    details.invalidate(productIds);
    for (const inFlight of Object.values(loading)) inFlight.invalidate();
  });
  const unwatch = [
    watchCache('listings', () => listings.stats),
    watchCache('product_pages', () => details.stats),
    watchCache('suggestions', () => suggestions.stats),
  ];
  app.addHook('onClose', async () => {
    await stopListening();
    for (const stop of unwatch) stop();
  });

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The category tree: categories, subcategories, options and suboptions',
        response: { 200: categoryTreeSchema },
      },
    },
    async () => categories.tree(),
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of products matching the filters, with the total and facet counts',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: errorReplySchema },
      },
      // A fresh cached page of a URL parsed before is sent here, after the app's own onRequest hooks
      // (rate limit, security headers) and before its query is parsed and checked again: that work
      // was about a sixth of a cached hit.
      onRequest: async (request, reply) => {
        const key = listingKeys.known(request.url);
        if (key && listings.sendFresh(reply, key)) return reply;
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = listingKeys.of(request.url, q);
      return listings.sendText(reply, key, productListSchema, () =>
        loading.listings.run(key, () => catalogue.list(q)),
      );
    },
  );

  // Registered before /products/:id so "suggestions" is never read as an id.
  app.get(
    '/products/suggestions',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Type-ahead: the first few products whose name contains the term',
        querystring: suggestionsQuerySchema,
        response: { 200: productSuggestionsSchema, 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      const term = request.query.q.trim().toLowerCase();
      return suggestions.send(reply, term, productSuggestionsSchema, () =>
        loading.suggestions.run(term, () => catalogue.suggest(term)),
      );
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with related products of the same category',
        params: idParamsSchema,
        response: { 200: productDetailSchema, 404: errorReplySchema },
      },
      // As for listings: only an id that passed the schema was ever cached under its own spelling.
      onRequest: async (request, reply) => {
        if (details.sendFresh(reply, request.params.id)) return reply;
      },
    },
    async (request, reply) =>
      // A product page shows its product and the related ones: only their changes drop it (ids).
      details.sendText(reply, request.params.id, productDetailSchema, () =>
        loading.details.run(request.params.id, () => catalogue.detail(request.params.id)),
      ),
  );
}
