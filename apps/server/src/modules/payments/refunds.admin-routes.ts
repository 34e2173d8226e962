import {
  adminRefundBodySchema,
  errorReplySchema,
  idSchema,
  orderRefundsSchema,
  paiseToRupees,
  type Refund,
  rupeesToPaise,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import type { RefundRow } from './refunds.repo';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: idSchema });

export function toRefund(r: RefundRow): Refund {
  return {
    _id: r.id,
    amount: paiseToRupees(r.amountPaise),
    status: r.status,
    reason: r.reason,
    kind: r.kind,
    providerRefundId: r.providerRefundId,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

/** An admin's refunds of an order: any amount up to what remains, with a reason. */
export async function refundsAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { refunds } = app.services;
  const { db } = app.deps;

  const reply = async (orderId: string) => {
    const list = await refunds.listOfOrder(orderId);
    const refunded = list.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
    return {
      refunds: list.map(toRefund),
      refunded: paiseToRupees(refunded),
      remaining: paiseToRupees(await refunds.remaining(db, orderId)),
    };
  };

  app.get(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags,
        security,
        summary: "An order's refunds and what remains of its payment",
        params,
        response: { 200: orderRefundsSchema, 400: errorReplySchema },
      },
    },
    async (request) => reply(request.params.id),
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags,
        security,
        summary: 'Refund any amount up to what remains of the order’s payment, with a reason (audited)',
        description:
          'Send an `Idempotency-Key` header (10–100 letters, digits, - or _) to retry safely: the same key is the same refund, paid once. 409 when the amount is more than what remains.',
        params,
        headers: z.object({
          'idempotency-key': z
            .string()
            .regex(/^[A-Za-z0-9_-]{10,100}$/, 'Idempotency-Key must be 10–100 letters, digits, - or _')
            .optional(),
        }),
        body: adminRefundBodySchema,
        response: {
          201: orderRefundsSchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, res) => {
      const key = request.headers['idempotency-key'];
      await refunds.byAdmin(signedInUser(request), request.params.id, {
        amountPaise: rupeesToPaise(request.body.amount),
        reason: request.body.reason,
        idempotencyKey: key ? `adm_${key}` : undefined,
      });
      return res.code(201).send(await reply(request.params.id));
    },
  );
}
