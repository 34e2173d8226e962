import {
  errorReplySchema,
  verifyPaymentBodySchema,
  verifyPaymentReplySchema,
  webhookReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

/** Webhook bodies are small events; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /orders/verify, the payment window's answer (at the orders path the web app has always
 * called); POST /payments/webhook, the provider's server-to-server events; plus whatever routes the
 * provider itself serves from the shop (the sandbox's payment page).
 */
export async function paymentsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  app.post(
    '/orders/verify',
    {
      // onRequest: a guest is refused before the body is read, as on every other /orders route.
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "Verify the payment window's signature and mark the caller's order paid",
        description:
          'HMAC-SHA256 of provider order id | payment id with the key secret, compared in constant time against the provider order stored for this order; then the payment is confirmed with the provider. A repeat answers the same and changes nothing.',
        body: verifyPaymentBodySchema,
        response: {
          200: verifyPaymentReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => payments.verify(signedInUser(request).id, request.body),
  );

  await app.register(async function webhookScope(scope) {
    // The signature covers the exact bytes sent: the body is kept raw here and parsed after the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The payment provider's webhook (payment.authorized, payment.captured, order.paid, payment.failed)",
          description:
            'Trusted only with a valid X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret). Each X-Razorpay-Event-Id is applied once; a redelivery answers "duplicate". Completes an order whose shopper never came back from the payment window.',
          response: { 200: webhookReplySchema, 400: errorReplySchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const status = await payments.webhook(
          raw,
          header('x-razorpay-signature'),
          header('x-razorpay-event-id'),
        );
        return { status };
      },
    );
  });

  const providerRoutes = payments.provider.routes;
  if (providerRoutes) await app.register(providerRoutes);
}
