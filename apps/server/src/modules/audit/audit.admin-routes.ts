import { auditLogQuerySchema, auditLogReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET /admin/audit-log: admin writes, newest first. */
export async function auditAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { audit } = app.services;
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin writes (who, what, when, before and after), newest first',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogReplySchema },
      },
    },
    async (request) => audit.list(request.query),
  );
}
