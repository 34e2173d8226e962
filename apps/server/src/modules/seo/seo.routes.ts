import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';

const XML = 'application/xml; charset=utf-8';
// Crawlers come back often; an hour old is fresh enough and spares the database.
const CACHE = 'public, max-age=3600';

/** robots.txt and the sitemaps, at the site's root where crawlers look for them. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const seo = app.services.seo;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(seo.robots()),
  );
  r.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await seo.sitemap()),
  );
  r.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await seo.pagesSitemap()),
  );
  r.get(
    '/sitemaps/products-:page.xml',
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(100_000) }) } },
    async (request, reply) => {
      const xml = await seo.productsSitemap(request.params.page);
      if (!xml) throw notFound('There is no such sitemap');
      return reply.type(XML).header('cache-control', CACHE).send(xml);
    },
  );
}
