import {
  errorReplySchema,
  productDescriptionBodySchema,
  productDescriptionReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

/** POST /admin/ai/product-description: the product form's "Generate with AI". */
export async function aiAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ai } = app.services;
  app.post(
    '/admin/ai/product-description',
    {
      schema: {
        tags: ['admin: products'],
        security: [{ bearerAuth: [] }],
        summary: 'Write a product description from the form (Gemini, or the offline writer)',
        description:
          'name and brand are required. `writer` says who answered; `notice` says why the offline writer stood in for Gemini. Limited per admin (429 with Retry-After).',
        body: productDescriptionBodySchema,
        response: { 200: productDescriptionReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => ai.describeProduct(signedInUser(request).id, request.body),
  );
}
