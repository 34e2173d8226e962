import {
  contactInboxQuerySchema,
  contactInboxReplySchema,
  contactMessageSchema,
  contactReadBodySchema,
  errorReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['admin: contact'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string() });

/** The admin inbox of contact messages (beyond the spec): list, open, mark read or unread. */
export async function contactAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { contact } = app.services;

  app.get(
    '/admin/contact-messages',
    {
      schema: {
        tags,
        security,
        summary: 'Contact messages, newest first; all, unread or read; with the unread count',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => contact.inbox(request.query),
  );

  app.get(
    '/admin/contact-messages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One contact message',
        params,
        response: { 200: contactMessageSchema, 404: errorReplySchema },
      },
    },
    async (request) => contact.get(request.params.id),
  );

  app.put(
    '/admin/contact-messages/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a contact message read or unread',
        params,
        body: contactReadBodySchema,
        response: { 200: contactMessageSchema, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => contact.markRead(request.params.id, request.body.read),
  );
}
