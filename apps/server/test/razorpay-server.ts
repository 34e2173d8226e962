import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutSignature, hmacHex } from '../src/modules/payments/signatures';

export interface RazorpayRequest {
  method: string;
  url: string;
  /** The key id of the Basic credentials, or undefined without them. */
  keyId: string | undefined;
  body: Record<string, unknown>;
}

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'card' | 'upi' | 'netbanking';
  vpa?: string;
  captured: boolean;
  email: string;
  contact: string;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface FakePaymentLink {
  id: string;
  entity: 'payment_link';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string | null;
  short_url: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  /** The order Razorpay makes for the link once it is paid. */
  order_id: string | null;
  customer: Record<string, unknown>;
  notes: Record<string, string>;
  payments: { payment_id: string; amount: number; method: string; status: string }[] | null;
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'X')}`;

/**
 * A local HTTP server that answers like Razorpay's REST API (v1 orders, an order's payments, payments,
 * capture and refund, payment links, Basic auth with the key id and secret, Razorpay's error bodies), so the real SDK adapter runs end to
 * end against it. `pay()` plays the shopper paying in Razorpay's checkout: it makes the payment and
 * hands back what the checkout would (payment id and signature); `webhook()` builds the signed
 * request Razorpay would send about it.
 */
export async function startRazorpayServer(keys: { keyId: string; keySecret: string; webhookSecret: string }) {
  const requests: RazorpayRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const paymentsById = new Map<string, FakePayment>();
  const links = new Map<string, FakePaymentLink>();
  const refunds: {
    id: string;
    entity: 'refund';
    payment_id: string;
    amount: number;
    status: string;
    notes: Record<string, unknown>;
  }[] = [];
  /** Refunds by their X-Refund-Idempotency key: a retry with the same key and body answers the same refund. */
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  /** The next refunds are made but their replies lost (a 504 after the money moved). */
  let lostRefundReplies = 0;
  /** The next calls fail with this status (a 5xx outage), or hang (never answer) when 0. */
  const failures: number[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const badRequest = (res: ServerResponse, description: string, field?: string) =>
    send(res, 400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        field,
      },
    });

  const server = createServer(async (req, res) => {
    const body = await read(req);
    const auth = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [keyId, secret] = auth ? Buffer.from(auth, 'base64').toString().split(':') : [];
    const url = req.url ?? '';
    requests.push({ method: req.method ?? '', url, keyId, body });
    const failure = failures.shift();
    if (failure === 0) return; // never answers
    if (failure) return send(res, failure, { error: { code: 'SERVER_ERROR', description: 'Server error' } });
    if (keyId !== keys.keyId || secret !== keys.keySecret) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }

    if (req.method === 'POST' && url === '/v1/orders') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return badRequest(res, 'The amount must be an integer.', 'amount');
      }
      if (amount < 100) return badRequest(res, 'Order amount less than minimum amount allowed', 'amount');
      if (body.currency !== 'INR') return badRequest(res, 'Currency is not supported', 'currency');
      const order: FakeOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        status: 'created',
        attempts: 0,
        notes: {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    if (req.method === 'POST' && url === '/v1/payment_links') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
      }
      if ((body.currency ?? 'INR') !== 'INR') return badRequest(res, 'Currency is not supported', 'currency');
      const reference = typeof body.reference_id === 'string' ? body.reference_id : null;
      if (reference && [...links.values()].some((l) => l.reference_id === reference)) {
        return badRequest(
          res,
          `payment link with given reference_id ${reference} already exists`,
          'reference_id',
        );
      }
      const linkId = id('plink');
      const link: FakePaymentLink = {
        id: linkId,
        entity: 'payment_link',
        amount,
        amount_paid: 0,
        currency: 'INR',
        accept_partial: body.accept_partial === true,
        description: typeof body.description === 'string' ? body.description : '',
        reference_id: reference,
        short_url: `https://rzp.io/i/${linkId.slice(6, 14)}`,
        status: 'created',
        order_id: null,
        customer: (body.customer as Record<string, unknown>) ?? {},
        notes: (body.notes as Record<string, string>) ?? {},
        payments: null,
        created_at: now(),
      };
      links.set(link.id, link);
      return send(res, 200, link);
    }
    const link = url.match(/^\/v1\/payment_links\/([^/?]+)$/);
    if (req.method === 'GET' && link) {
      const found = links.get(link[1]!);
      if (!found) return badRequest(res, 'The id provided does not exist', 'id');
      return send(res, 200, found);
    }
    const order = url.match(/^\/v1\/orders\/([^/?]+)(\/payments)?$/);
    if (req.method === 'GET' && order) {
      const found = orders.get(order[1]!);
      if (!found) return badRequest(res, 'The id provided does not exist', 'id');
      if (!order[2]) return send(res, 200, found);
      const items = [...paymentsById.values()]
        .filter((p) => p.order_id === found.id)
        .sort((a, b) => b.created_at - a.created_at);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    const payment = url.match(/^\/v1\/payments\/([^/?]+)(\/capture|\/refund)?$/);
    if (payment) {
      const found = paymentsById.get(payment[1]!);
      if (!found) return badRequest(res, 'The id provided does not exist', 'id');
      if (req.method === 'GET' && !payment[2]) return send(res, 200, found);
      if (req.method === 'POST' && payment[2] === '/capture') {
        if (found.status !== 'authorized') return badRequest(res, 'This payment has already been captured');
        if (body.amount !== found.amount) {
          return badRequest(res, 'Capture amount must be equal to the amount authorized');
        }
        found.status = 'captured';
        found.captured = true;
        const paid = orders.get(found.order_id);
        if (paid) Object.assign(paid, { status: 'paid', amount_paid: paid.amount, amount_due: 0 });
        return send(res, 200, found);
      }
      if (req.method === 'POST' && payment[2] === '/refund') {
        const key = req.headers['x-refund-idempotency'];
        const amount = typeof body.amount === 'number' ? body.amount : found.amount - found.amount_refunded;
        if (typeof key === 'string') {
          if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return badRequest(res, 'The idempotency key is invalid');
          const before = refundsByKey.get(key);
          if (before) {
            if (before.amount !== amount || before.payment_id !== found.id) {
              return badRequest(
                res,
                'Different request with the same idempotency key has already been processed.',
              );
            }
            return send(res, 200, before);
          }
        }
        if (found.status !== 'captured')
          return badRequest(res, 'The payment has been fully refunded already');
        if (!Number.isInteger(amount) || amount < 100) {
          return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
        }
        if (found.amount_refunded + amount > found.amount) {
          return badRequest(res, 'The refund amount provided is greater than amount captured');
        }
        found.amount_refunded += amount;
        if (found.amount_refunded >= found.amount) found.status = 'refunded';
        const refund = {
          id: id('rfnd'),
          entity: 'refund' as const,
          payment_id: found.id,
          amount,
          status: 'processed',
          notes: (body.notes as Record<string, unknown>) ?? {},
        };
        refunds.push(refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        if (lostRefundReplies > 0) {
          lostRefundReplies -= 1;
          return send(res, 504, { error: { code: 'SERVER_ERROR', description: 'Gateway timeout' } });
        }
        return send(res, 200, refund);
      }
    }
    return send(res, 404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The signed webhook request Razorpay sends about a payment, as inject() options' parts. */
  const webhook = (event: string, payment: FakePayment, eventId = id('evt')) => {
    const order = orders.get(payment.order_id);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_TestAccount01',
      event,
      contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity: payment },
        ...(event === 'order.paid' && order ? { order: { entity: order } } : {}),
      },
      created_at: now(),
    });
    return {
      body,
      eventId,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': hmacHex(body, keys.webhookSecret),
      },
    };
  };

  /** The signed refund.processed / refund.failed webhook Razorpay sends about a refund. */
  const refundWebhook = (
    event: 'refund.processed' | 'refund.failed',
    refund: (typeof refunds)[number],
    eventId = id('evt'),
  ) => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_TestAccount01',
      event,
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { ...refund, status: event === 'refund.failed' ? 'failed' : 'processed' } },
        payment: { entity: paymentsById.get(refund.payment_id) },
      },
      created_at: now(),
    });
    return {
      body,
      eventId,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': hmacHex(body, keys.webhookSecret),
      },
    };
  };

  /**
   * The shopper pays a payment link on its page: Razorpay makes an order for it and a captured
   * payment on that order, and marks the link paid. `linkWebhook` is then the payment_link.paid event.
   */
  const payLink = (linkId: string, method: FakePayment['method'] = 'upi') => {
    const found = links.get(linkId);
    if (!found) throw new Error(`no payment link ${linkId}`);
    const order: FakeOrder = {
      id: id('order'),
      entity: 'order',
      amount: found.amount,
      amount_paid: found.amount,
      amount_due: 0,
      currency: 'INR',
      receipt: null,
      status: 'paid',
      attempts: 1,
      notes: {},
      created_at: now(),
    };
    orders.set(order.id, order);
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      amount: found.amount,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method,
      ...(method === 'upi' ? { vpa: 'success@razorpay' } : {}),
      captured: true,
      email: 'asha@example.com',
      contact: '+919876543210',
      amount_refunded: 0,
      error_code: null,
      error_description: null,
      created_at: now(),
    };
    paymentsById.set(payment.id, payment);
    Object.assign(found, {
      status: 'paid',
      amount_paid: found.amount,
      order_id: order.id,
      payments: [{ payment_id: payment.id, amount: payment.amount, method, status: 'captured' }],
    });
    return { link: found, order, payment };
  };

  /** The signed payment_link.paid webhook Razorpay sends once a link is paid. */
  const linkWebhook = (linkId: string, eventId = id('evt')) => {
    const found = links.get(linkId);
    if (!found?.order_id) throw new Error(`payment link ${linkId} is not paid`);
    const payment = [...paymentsById.values()].find((p) => p.order_id === found.order_id)!;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_TestAccount01',
      event: 'payment_link.paid',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: found },
        order: { entity: orders.get(found.order_id) },
        payment: { entity: payment },
      },
      created_at: now(),
    });
    return {
      body,
      eventId,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': hmacHex(body, keys.webhookSecret),
      },
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    links,
    payLink,
    linkWebhook,
    refunds,
    refundWebhook,
    /** The next `count` refunds are made but answered with a 504, as a reply lost on the way. */
    loseRefundReplies(count = 1) {
      lostRefundReplies += count;
    },
    /** Every payment made, oldest first, as Razorpay holds it now. */
    payments: () => [...paymentsById.values()],
    /** The checkout signature Razorpay hands back for a payment of a provider order. */
    signatureOf: (orderId: string, paymentId: string) =>
      checkoutSignature(orderId, paymentId, keys.keySecret),
    /** Answers every call again (drops the failures `failNext` queued). */
    recover() {
      failures.length = 0;
    },
    /** The next `count` calls fail with `status` (0: they never answer). */
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    /**
     * The shopper pays the order in Razorpay's checkout: a captured payment (or only authorised, or
     * failed) and what the checkout hands the page: the payment id and its signature.
     */
    pay(orderId: string, status: FakePayment['status'] = 'captured', method: FakePayment['method'] = 'card') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: 'INR',
        status,
        order_id: orderId,
        method,
        ...(method === 'upi' ? { vpa: 'asha@okicici' } : {}),
        captured: status === 'captured',
        email: 'asha@example.com',
        contact: '+919876543210',
        amount_refunded: 0,
        error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: status === 'failed' ? 'Your payment was declined by the bank.' : null,
        created_at: now(),
      };
      paymentsById.set(payment.id, payment);
      order.attempts += 1;
      if (status === 'captured') {
        order.status = 'paid';
        order.amount_paid = order.amount;
        order.amount_due = 0;
      }
      return { payment, signature: checkoutSignature(orderId, payment.id, keys.keySecret) };
    },
    webhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RazorpayServer = Awaited<ReturnType<typeof startRazorpayServer>>;
