import { errorReplySchema, gstr1Period, gstr1QuerySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';

/** The admin's GSTR-1 export: a month's (or days') figures as CSV, recorded in the audit log. */
export async function gstReportAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { gstReport } = app.services;
  app.get(
    '/admin/reports/gstr1.csv',
    {
      schema: {
        tags: ['admin: reports'],
        security: [{ bearerAuth: [] }],
        summary:
          'GSTR-1 figures (B2B, B2CL, B2CS, CDNR, CDNUR, HSN, totals) of a month or days, in India time, as CSV',
        querystring: gstr1QuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      const period = gstr1Period(request.query);
      const csv = await gstReport.exportCsv(signedInUser(request), period);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${period.label}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
