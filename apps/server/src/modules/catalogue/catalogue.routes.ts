import {
  categoryTreeSchema,
  errorReplySchema,
  idParamsSchema,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  productSuggestionsSchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canonicalKey, edgeCacheOptions, ReplyCache } from '../../lib/cache/reply-cache';
import { SwrCache } from '../../lib/cache/swr-cache';
import type { ListingSummary } from './product-facets';

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
  const listings = new ReplyCache(policy(500));
  const details = new ReplyCache(policy(2000));
  const suggestions = new ReplyCache(policy(500));
  // Totals and facets depend on the filters only: every page and sort of a listing shares one scan.
  const summaries = new SwrCache<ListingSummary>(edgeCacheOptions(policy(500)));
  const stopListening = await catalogue.onChange((productIds) => {
    listings.invalidate();
    summaries.invalidate();
    suggestions.invalidate();
    details.invalidate(productIds);
  });
  app.addHook('onClose', async () => stopListening());

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
    },
    async (request, reply) => {
      const q = request.query;
      const filtersOnly = canonicalKey({ ...q, sort: undefined, page: undefined, limit: undefined });
      return listings.send(reply, q, productListSchema, () =>
        catalogue.list(q, () => summaries.get(filtersOnly, () => catalogue.summarize(q))),
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
      return suggestions.send(reply, term, productSuggestionsSchema, () => catalogue.suggest(term));
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
    },
    async (request, reply) =>
      details.send(
        reply,
        request.params.id,
        productDetailSchema,
        () => catalogue.detail(request.params.id),
        // A product page shows its product and the related ones: only their changes drop it.
        (d) => [d.product._id, ...d.related.map((p) => p._id)],
      ),
  );
}
