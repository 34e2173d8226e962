import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue.routes';
import { createProductsService } from './products.service';

export { uploadsPlugin } from './uploads.routes';

/**
 * Listing totals, facets and suggestions are reused for identical queries for
 * this long (CATALOGUE_CACHE_TTL_MS, default 5 s; 0 turns the cache off).
 */
function cacheTtlMs(): number {
  const raw = Number(process.env.CATALOGUE_CACHE_TTL_MS ?? 5000);
  return Number.isFinite(raw) && raw >= 0 ? raw : 5000;
}

/** Storefront catalogue routes: categories and products. */
export async function catalogueModule(app: FastifyInstance) {
  const products = createProductsService(app.db, { cacheTtlMs: cacheTtlMs() });
  await app.register(catalogueRoutes, { products });
}
