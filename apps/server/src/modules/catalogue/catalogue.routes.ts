import { categoryTreeSchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The category tree for shoppers; their product listings and pages are modules/listing's. */
export async function catalogueRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { categories } = app.services;

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
}
