import { errorReplySchema } from '@bazaar/shared';
import { messageWebhookReplySchema, whatsappWebhookCheckQuerySchema } from '@bazaar/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';

/** Status webhooks are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const tags = ['messages'];
const path = '/messages/whatsapp/webhook';

/** WhatsApp's webhook: Meta's subscription check (GET) and its message status reports (POST). */
export async function notifyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { notify } = app.services;

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "Meta's check of the webhook URL: the challenge back when the verify token matches",
        querystring: whatsappWebhookCheckQuerySchema,
        response: { 200: z.string(), 403: errorReplySchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const challenge = notify.verifyWebhook({
        mode: q['hub.mode'],
        token: q['hub.verify_token'],
        challenge: q['hub.challenge'],
      });
      if (challenge === undefined) throw forbidden('The verify token does not match this shop.');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  await app.register(async function webhookScope(scope) {
    // The signature covers the exact bytes sent: the body is kept raw here and parsed after the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        schema: {
          tags,
          summary: 'WhatsApp message status reports (sent, delivered, read, failed)',
          description:
            'Trusted only with a valid X-Hub-Signature-256 (sha256= and the HMAC-SHA256 of the raw body with the app secret). A report moves its message only forward, so a repeated or late one changes nothing.',
          response: { 200: messageWebhookReplySchema, 400: errorReplySchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        return notify.webhook(raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
