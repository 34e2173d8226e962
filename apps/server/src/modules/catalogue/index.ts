import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue.routes';
import { createProductsService } from './products.service';

export { uploadsPlugin } from './uploads.routes';

/** Storefront catalogue routes: categories and products. */
export async function catalogueModule(app: FastifyInstance) {
  const products = createProductsService(app.db, { cacheTtlMs: app.config.catalogueCacheTtlMs });
  await app.register(catalogueRoutes, { products });
}
