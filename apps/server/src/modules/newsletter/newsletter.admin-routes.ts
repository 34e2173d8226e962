import { newsletterSubscribersQuerySchema, newsletterSubscribersReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: newsletter'];
const security = [{ bearerAuth: [] }];

/** The newsletter's subscribers for admins: a page at a time, or all subscribed addresses as CSV. */
export async function newsletterAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { newsletter } = app.services;

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: {
        tags,
        security,
        summary: 'Newsletter addresses, newest first, with how many are subscribed and unsubscribed',
        querystring: newsletterSubscribersQuerySchema,
        response: { 200: newsletterSubscribersReplySchema },
      },
    },
    async (request) => newsletter.list(request.query.page, request.query.limit),
  );

  app.get(
    '/admin/newsletter/subscribers.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Every subscribed address as CSV (email, subscribed_at); recorded in the audit log',
        description:
          'Cells a spreadsheet would read as a formula (starting with = + - @, tab or carriage return) start with an apostrophe.',
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { csv } = await newsletter.exportCsv(signedInUser(request));
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
