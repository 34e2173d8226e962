import {
  CHECKOUT_MESSAGES,
  cancelOrderBodySchema,
  checkoutQuerySchema,
  checkoutSummarySchema,
  codOrderReplySchema,
  createOrderBodySchema,
  errorReplySchema,
  messageReplySchema,
  myOrderDetailSchema,
  myOrdersReplySchema,
  orderIdParamsSchema,
  orderPaymentReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { orderClient } from './order-client';

const tags = ['orders'];
const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
};

/**
 * The shopper's checkout and orders: place, pay (again), list, delete. All need a signed-in user. The
 * payment window's answer, POST /orders/verify, is the payments module's (payments.routes.ts).
 */
export async function ordersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;
  const { config } = app.deps;
  // onRequest: a guest is refused before the body is read.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/orders/checkout',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's cart as checkout prices it, and the details of their last order",
        querystring: checkoutQuerySchema,
        response: { 200: checkoutSummarySchema, 400: errorReplySchema, 401: errorReplySchema },
      },
    },
    async (request, reply) =>
      orders.checkoutSummary(
        signedInUser(request).id,
        orderClient(request, reply, config),
        request.query.addressId,
      ),
  );

  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: "Place an order from the signed-in shopper's own cart and start its payment",
        description:
          'The server prices the cart itself: orderItems, isPaid and totals sent by the client are ignored. Stock is reserved and the coupon held until the order is paid or expires, within what one shopper may hold (per account, device and network; see Shop Settings); units of an unpaid order the shopper deleted keep its deadline. 409 names the product short of stock, the coupon that cannot be used, or the hold limit met; 409 "Failed to initiate payment. Please try again." when the payment provider cannot start (nothing stays reserved). Sets the `bazaar_device` cookie (a signed device id) when the browser has none. With paymentMethod "cod" the order is paid on delivery where the address\'s zone offers it (its fee in the delivery charge; 409 says why not): placed Awaiting confirmation, the confirmation link mailed, no payment window.',
        body: createOrderBodySchema,
        // paymentMethod "cod": placed awaiting the shopper's confirmation (no payment window).
        response: { 201: orderPaymentReplySchema.or(codOrderReplySchema), ...errors },
      },
    },
    async (request, reply) => {
      const client = orderClient(request, reply, config);
      return reply.code(201).send(await orders.place(signedInUser(request).id, request.body, client));
    },
  );

  app.post(
    '/orders/:id/pay',
    {
      schema: {
        tags,
        summary: 'Pay now: the payment window for an unpaid order of the caller that has not expired',
        params: orderIdParamsSchema,
        response: { 200: orderPaymentReplySchema, ...errors },
      },
    },
    async (request) => orders.payAgain(signedInUser(request).id, request.params.id),
  );

  app.get(
    '/orders/myorders',
    {
      schema: {
        tags,
        summary: "The caller's own orders, newest first, with their items",
        response: { 200: myOrdersReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ({ orders: await orders.listOwn(signedInUser(request).id) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary:
          "One of the caller's orders in full: items as charged, totals, address, payment, shipment and its timeline",
        description: "Another shopper's order is 404, as is an unknown one.",
        params: orderIdParamsSchema,
        response: { 200: myOrderDetailSchema, ...errors },
      },
    },
    async (request) => orders.detailOwn(signedInUser(request).id, request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: "Cancel one of the caller's orders that has not shipped, with a reason",
        description:
          'Stock and the coupon come back; a paid order is refunded in full through the payment provider. 409 once it has shipped.',
        params: orderIdParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: myOrderDetailSchema, ...errors },
      },
    },
    async (request) => orders.cancelOwn(signedInUser(request).id, request.params.id, request.body.reason),
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's unpaid orders (its stock and coupon are released)",
        params: orderIdParamsSchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      await orders.deleteOwn(signedInUser(request).id, request.params.id);
      return { message: CHECKOUT_MESSAGES.orderDeleted };
    },
  );
}
