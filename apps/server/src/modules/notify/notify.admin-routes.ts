import { errorReplySchema } from '@bazaar/shared';
import {
  adminMessagesQuerySchema,
  adminMessagesReplySchema,
  testMessageBodySchema,
  testMessageReplySchema,
} from '@bazaar/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: messages'];
const security = [{ bearerAuth: [] }];

/** The outbox of messages to shoppers, for the admin: read it, and test the WhatsApp set-up. */
export async function notifyAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { notify } = app.services;

  app.get(
    '/admin/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Messages to shoppers (mail, WhatsApp), newest first, with their delivery status',
        querystring: adminMessagesQuerySchema,
        response: { 200: adminMessagesReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => notify.list(request.query),
  );

  app.post(
    '/admin/messages/test',
    {
      schema: {
        tags,
        security,
        summary: "A test WhatsApp message (Meta's hello_world template) to a mobile number",
        body: testMessageBodySchema,
        response: { 201: testMessageReplySchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      const message = await notify.sendTest(signedInUser(request), request.body.phone);
      return reply.code(201).send({ message });
    },
  );
}
