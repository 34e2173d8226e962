import {
  creditNoteListSchema,
  creditNoteParamsSchema,
  errorReplySchema,
  orderIdParamsSchema,
} from '@bazaar/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };

function sendPdf(reply: FastifyReply, file: { number: string; pdf: Buffer }) {
  const name = `${file.number.replace(/\//g, '-')}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/** The shopper's download of an order's invoice: the PDF kept when it was issued. */
export async function invoicesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { invoices } = app.services;
  app.get(
    '/orders/:id/invoice',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'The invoice of one of your paid orders, as a PDF',
        params: orderIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.pdfForShopper(signedInUser(request).id, request.params.id)),
  );
  app.get(
    '/orders/:id/credit-notes',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'The credit notes of one of your orders (one per refund of an invoiced order)',
        params: orderIdParamsSchema,
        response: { 200: creditNoteListSchema, ...errors },
      },
    },
    async (request) => ({
      creditNotes: await invoices.creditNotesForShopper(signedInUser(request).id, request.params.id),
    }),
  );
  app.get(
    '/orders/:id/credit-notes/:creditNoteId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'A credit note of one of your orders, as a PDF',
        params: creditNoteParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { id, creditNoteId } = request.params;
      return sendPdf(
        reply,
        await invoices.creditNotePdfForShopper(signedInUser(request).id, id, creditNoteId),
      );
    },
  );
}

/** The admin's download from the order screen. */
export async function invoicesAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { invoices } = app.services;
  app.get(
    '/admin/orders/:id/invoice',
    {
      schema: {
        tags: ['admin: orders'],
        security: [{ bearerAuth: [] }],
        summary: 'An order’s invoice, as a PDF',
        params: orderIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.pdfForAdmin(request.params.id)),
  );
  app.get(
    '/admin/orders/:id/credit-notes',
    {
      schema: {
        tags: ['admin: orders'],
        security: [{ bearerAuth: [] }],
        summary: 'An order’s credit notes, oldest first',
        params: orderIdParamsSchema,
        response: { 200: creditNoteListSchema, ...errors },
      },
    },
    async (request) => ({ creditNotes: await invoices.creditNotesForAdmin(request.params.id) }),
  );
  app.get(
    '/admin/orders/:id/credit-notes/:creditNoteId',
    {
      schema: {
        tags: ['admin: orders'],
        security: [{ bearerAuth: [] }],
        summary: 'One of an order’s credit notes, as a PDF',
        params: creditNoteParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.creditNotePdfForAdmin(request.params.id, request.params.creditNoteId)),
  );
}
