import { errorReplySchema, sandboxPayBodySchema, sandboxPayReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityHeaders } from '../../../plugins/security';
import { SANDBOX_SCRIPT, sandboxPage } from './sandbox-page';
import type { SandboxProvider } from './sandbox-provider';

const tags = ['payments'];

/** The strict policy, except that the shop's own pages may frame this one (the checkout opens it in a frame). */
function framablePageHeaders(): Record<string, string> {
  const headers = { ...securityHeaders() };
  headers['content-security-policy'] = headers['content-security-policy']!.replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  );
  headers['x-frame-options'] = 'SAMEORIGIN';
  return headers;
}

/**
 * The sandbox's own pages, served by the shop while the sandbox is the provider: the payment page
 * and its script, and the card form's endpoint. Its webhooks go to the shop's webhook endpoint
 * through inject(), as an HTTP request from Razorpay would arrive, and what it answers is theirs.
 */
export function sandboxRoutes(sandbox: SandboxProvider) {
  return async function sandboxPlugin(base: FastifyInstance) {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const pageHeaders = framablePageHeaders();

    sandbox.connectWebhooks(async (body, headers) => {
      const res = await base.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers });
      if (res.statusCode !== 200) {
        base.log.error({ status: res.statusCode, body: res.body.slice(0, 300) }, 'sandbox webhook refused');
      }
      return res.statusCode;
    });

    app.get(
      '/payments/sandbox/checkout',
      {
        schema: {
          tags,
          summary: "The payment sandbox's payment page (card form, amount, shop name)",
          querystring: z.object({ order_id: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const order = await sandbox.order(request.query.order_id);
        const { name } = await app.services.settings.get();
        return reply
          .headers(pageHeaders)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            sandboxPage({
              shopName: name,
              orderId: order.id,
              amountPaise: order.amountPaise,
              paid: order.paid,
            }),
          );
      },
    );

    app.get('/payments/sandbox/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_SCRIPT),
    );

    app.post(
      '/payments/sandbox/pay',
      {
        schema: {
          tags,
          summary: 'Pay a sandbox order with a test card',
          description:
            'The card 4111 1111 1111 1111 is paid: the reply carries razorpay_payment_id, razorpay_order_id and razorpay_signature as Razorpay checkout hands them. 4000 0000 0000 0002 is declined. Either way the sandbox then sends the webhooks Razorpay would.',
          body: sandboxPayBodySchema,
          response: { 200: sandboxPayReplySchema, 400: errorReplySchema, 404: errorReplySchema },
        },
      },
      async (request) => sandbox.pay(request.body),
    );
  };
}
