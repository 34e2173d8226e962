import {
  categoryTreeSchema,
  errorReplySchema,
  idParamsSchema,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  productSuggestionsSchema,
} from '@bazaar/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryTree } from './categories.service';
import type { ProductsService } from './products.service';

/**
 * The product routes send JSON text the service made and checked against these
 * same reply schemas; the schemas stay here for the OpenAPI document.
 */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends ready JSON text as is: Fastify does not serialise a string payload again. */
function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type(JSON_TYPE).send(text);
}

const suggestionsQuerySchema = z.object({ q: z.string().max(100).default('') }).strict();

export async function catalogueRoutes(app: FastifyInstance, opts: { products: ProductsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { products } = opts;

  r.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The category tree: categories, subcategories, options and suboptions',
        response: { 200: categoryTreeSchema },
      },
    },
    async () => categoryTree(app.db),
  );

  r.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of products matching the filters, with the total and facet counts',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: errorReplySchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await products.list(request.query)),
  );

  // Registered before /products/:id so "suggestions" is never read as an id.
  r.get(
    '/products/suggestions',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Type-ahead: the first few products whose name contains the term',
        querystring: suggestionsQuerySchema,
        response: { 200: productSuggestionsSchema, 400: errorReplySchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await products.suggest(request.query.q)),
  );

  r.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with related products of the same category',
        params: idParamsSchema,
        response: { 200: productDetailSchema, 404: errorReplySchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await products.detail(request.params.id)),
  );
}
