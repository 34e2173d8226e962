import {
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
import { ListingReplies } from './listing-replies';

const suggestionsQuerySchema = z.object({ q: z.string().max(100).default('') }).strict();

/** Listings with their facets, search, type-ahead and product pages for shoppers, through one reply cache. */
export async function listingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { listing, catalogue } = app.services;
  const { config, clock } = app.deps;
  const replies = new ListingReplies({ config, clock, log: app.log, listing, catalogue });
  const stop = await replies.start();
  app.addHook('onClose', async () => stop());

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of products matching the filters, with the total and facet counts',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: errorReplySchema },
      },
      // Parsing and checking the query again was about a sixth of a cached hit.
      onRequest: async (request, reply) => {
        if (replies.sendFreshListing(request, reply)) return reply;
      },
    },
    async (request, reply) => replies.sendListing(request, reply, request.query),
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
    async (request, reply) => replies.sendSuggestions(request.query.q, reply),
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
      onRequest: async (request, reply) => {
        if (replies.sendFreshPage(request.params.id, reply)) return reply;
      },
    },
    async (request, reply) => replies.sendPage(request.params.id, reply),
  );
}
