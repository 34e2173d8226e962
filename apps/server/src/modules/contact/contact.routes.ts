import { CONTACT_SENT, contactMessageBodySchema, errorReplySchema, messageReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** POST /users/contactUs: the contact page's form and the profile area's message, stored for the admin inbox. */
export async function contactRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { contact } = app.services;
  app.post(
    '/users/contactUs',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['contact'],
        summary: 'Send the shop a message (contact page or profile area)',
        description:
          'The contact page sends name, email, subject, an optional order number and the message; the profile area sends only the message, and a signed-in sender is answered at their account name and email. Limited per IP (429 with Retry-After).',
        body: contactMessageBodySchema,
        response: { 201: messageReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      await contact.send(request.body, request.user, request.ip);
      return reply.code(201).send({ message: CONTACT_SENT });
    },
  );
}
