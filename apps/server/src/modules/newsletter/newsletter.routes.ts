import {
  errorReplySchema,
  messageReplySchema,
  NEWSLETTER_SUBSCRIBED,
  newsletterSubscribeBodySchema,
  newsletterUnsubscribeQuerySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const UNSUBSCRIBED = 'You have been unsubscribed. You will not receive our newsletter any more.';

const tags = ['newsletter'];

/** The footer's sign-up, and the unsubscribe link of every newsletter mail. */
export async function newsletterRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { newsletter } = app.services;

  // Mail clients send RFC 8058's one-click body as a form; only this module's routes read one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe an email address to the newsletter (10% off a first purchase)',
        description:
          'The same answer whether the address is new, already subscribed or coming back, so nobody learns who is subscribed. A new address gets a welcome mail with a single-use code. Limited per IP (429 with Retry-After).',
        body: newsletterSubscribeBodySchema,
        response: { 200: messageReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      await newsletter.subscribe(request.body.email, request.ip);
      return { message: NEWSLETTER_SUBSCRIBED };
    },
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Unsubscribe with the signed token of a newsletter mail (RFC 8058 one-click, or the page)',
        description:
          'The List-Unsubscribe header of each mail points here; mail clients POST `List-Unsubscribe=One-Click` as a form. The storefront page /newsletter/unsubscribe posts with no body. Unsubscribing twice is fine.',
        querystring: newsletterUnsubscribeQuerySchema,
        body: z
          .object({ 'List-Unsubscribe': z.literal('One-Click') })
          .partial()
          .strict()
          .nullish(),
        response: { 200: messageReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      await newsletter.unsubscribe(request.query.token);
      return { message: UNSUBSCRIBED };
    },
  );
}
