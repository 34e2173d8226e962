import { randomUUID } from 'node:crypto';
import {
  ADMIN_RETURNS_PAGE_SIZE,
  type AdminReturnsReply,
  type CancelItemsReply,
  type OrderAfterSale,
  paiseToRupees,
  RETURN_PHOTO_LIMITS,
  type ReturnRequest,
} from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { ReturnStatus } from '../../db/schema/returns';
import { afterCommit, inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type ImageRules, toWebp } from '../../lib/image-upload';
import type { FileStorage } from '../../lib/storage';
import type { Actor as AuditActor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import {
  followReturnedUnits,
  lockOrder,
  moveOrder,
  type OrderActor,
  type OrderItemRow,
  type OrderRow,
  type OrdersService,
  restockOrderLine,
} from '../orders/index';
import type { RefundsService } from '../payments/index';
import { unitsRefund } from './line-amounts';
import { moveReturn, returnRefusal } from './return-lifecycle';
import {
  countReturns,
  findFullReturns,
  findOrderLines,
  findReturnItems,
  findReturnRequest,
  insertCancellations,
  insertReturnHistory,
  insertReturnRequest,
  lockReturnRequest,
  type ReturnRequestFull,
  returnUnitsByLine,
  setReturnItemRefund,
  setReturnPhoto,
} from './returns.repo';

const DAY_MS = 86_400_000;

export interface ReturnsServiceDeps {
  db: Db;
  clock: Clock;
  orders: Pick<OrdersService, 'find'>;
  refunds: Pick<RefundsService, 'request' | 'remaining'>;
  notify: Pick<NotifyService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  settings: { get(db?: DbOrTx): Promise<{ email: string | null; returnWindowDays: number }> };
  catalogue: { invalidate(productIds: readonly string[]): Promise<unknown> };
  /** Where the shopper's return photos are kept (under `returns/`, never served by /uploads). */
  storage: FileStorage;
}

/** The shopper's one photo of a return: checked by its bytes, stored as WebP like product pictures. */
export const RETURN_PHOTO_RULES: ImageRules = {
  label: 'The photo',
  maxBytes: RETURN_PHOTO_LIMITS.bytes,
  maxSide: RETURN_PHOTO_LIMITS.side,
};

/** Who gives units back: the shopper of the order, or an admin (with the email the audit log keeps). */
export type LineActor = { kind: 'shopper'; userId: string } | { kind: 'admin'; user: AuditActor };

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();
const units = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
const dayOf = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

function toReply(full: ReturnRequestFull, admin = false): ReturnRequest {
  const { request } = full;
  return {
    _id: request.id,
    orderId: request.orderId,
    orderNumber: orderNumber(request.orderId),
    status: request.status,
    items: full.items.map((i) => ({
      orderItemId: i.orderItemId,
      name: i.name,
      colour: i.colour,
      size: i.size,
      quantity: i.quantity,
      reason: i.reason,
      refund: i.refundPaise === null ? null : paiseToRupees(i.refundPaise),
    })),
    adminNote: request.adminNote,
    refund: request.refundPaise === null ? null : paiseToRupees(request.refundPaise),
    refundStatus: full.refundStatus,
    history: full.history.map((h) => ({
      status: h.toStatus as ReturnStatus,
      at: h.createdAt.toISOString(),
      note: h.note,
    })),
    createdAt: request.createdAt.toISOString(),
    hasPhoto: request.photoKey !== null,
    ...(admin ? { customer: { name: full.orderName, email: full.orderEmail } } : {}),
  };
}

/** Units asked for, by order item, summed (the same line twice is one ask); 400 for a line not in the order. */
function askedUnits(
  lines: readonly OrderItemRow[],
  items: readonly { orderItemId: string; quantity: number }[],
) {
  const asked = new Map<string, number>();
  for (const item of items) {
    if (!lines.some((l) => l.id === item.orderItemId)) {
      throw badRequest('One of the items is not part of this order.', { items: 'not in this order' });
    }
    asked.set(item.orderItemId, (asked.get(item.orderItemId) ?? 0) + item.quantity);
  }
  return asked;
}

/**
 * Returns of delivered goods (requested → approved | rejected; approved → received → refunded:
 * return-lifecycle.ts) and cancellations of some units of a paid order before it ships. Both give the
 * units' stock back through orders' one line restock and refund the units' share of the payment by
 * the one rule (packages/shared line-refunds.ts), recorded in the same transaction; the credit note
 * follows every processed refund (services.ts).
 */
export class ReturnsService {
  constructor(private readonly deps: ReturnsServiceDeps) {}

  /** What the shopper may still give back of their order. 404 when it is not theirs. */
  async afterSale(userId: string, orderId: string): Promise<OrderAfterSale> {
    const order = await this.ownOrder(userId, orderId);
    const { db, clock } = this.deps;
    const [lines, asked, requests, settings] = await Promise.all([
      findOrderLines(db, orderId),
      returnUnitsByLine(db, orderId, 'asked'),
      findFullReturns(db, { orderId }),
      this.deps.settings.get(db),
    ]);
    const now = clock.now();
    const window = this.returnWindow(order, settings.returnWindowDays, now);
    const returnable = lines.map((l) => ({
      ...lineView(l),
      available: Math.max(0, l.quantity - l.cancelledQuantity - (asked.get(l.id) ?? 0)),
    }));
    const nothingLeft = returnable.every((l) => l.available === 0);
    const cancellable = lines.map((l) => ({
      ...lineView(l),
      available: l.quantity - l.cancelledQuantity - l.returnedQuantity,
    }));
    const cancelRefusal = this.cancelRefusal(order);
    return {
      returns: {
        open: window.refusal === null && !nothingLeft,
        reason:
          window.refusal ?? (nothingLeft ? 'Every item of this order is already being returned.' : null),
        until: window.until?.toISOString() ?? null,
        windowDays: settings.returnWindowDays,
        lines: returnable,
      },
      cancel: { open: cancelRefusal === null, reason: cancelRefusal, lines: cancellable },
      requests: requests.map((r) => toReply(r)),
    };
  }

  /** POST /orders/{id}/returns: within the window, never more units than bought less those given back. */
  async request(
    userId: string,
    orderId: string,
    body: { items: { orderItemId: string; quantity: number; reason: string }[] },
  ): Promise<ReturnRequest> {
    await this.ownOrder(userId, orderId);
    const { db, clock } = this.deps;
    const id = await inTransaction(db, async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      const settings = await this.deps.settings.get(tx);
      const now = clock.now();
      const { refusal } = this.returnWindow(order, settings.returnWindowDays, now);
      if (refusal) throw conflict(refusal);
      const lines = await findOrderLines(tx, orderId);
      const wanted = askedUnits(lines, body.items);
      const before = await returnUnitsByLine(tx, orderId, 'asked');
      for (const line of lines) {
        const want = wanted.get(line.id) ?? 0;
        const left = line.quantity - line.cancelledQuantity - (before.get(line.id) ?? 0);
        if (want > left) {
          throw conflict(
            left === 0
              ? `${line.name} is already being returned.`
              : `You can return at most ${left} of ${line.name}.`,
            { items: `at most ${left}` },
          );
        }
      }
      const merged = [...wanted].map(([orderItemId, quantity]) => ({
        orderItemId,
        quantity,
        reason: body.items.find((i) => i.orderItemId === orderItemId)!.reason,
      }));
      const made = await insertReturnRequest(tx, { orderId, userId, createdAt: now }, merged);
      await insertReturnHistory(tx, {
        returnRequestId: made.id,
        fromStatus: null,
        toStatus: 'requested',
        actor: 'shopper',
        changedBy: userId,
        note: null,
        createdAt: now,
      });
      const what = units(merged.reduce((a, i) => a + i.quantity, 0));
      const number = orderNumber(orderId);
      await this.deps.notify.enqueue(
        tx,
        'return_requested',
        { email: order.email },
        { name: order.name, orderNumber: number, what },
        { orderId, key: `return_requested:${made.id}` },
      );
      if (settings.email) {
        await this.deps.notify.enqueue(
          tx,
          'return_to_review',
          { email: settings.email },
          { customer: order.name, orderNumber: number, what },
          { orderId, key: `return_to_review:${made.id}` },
        );
      }
      return made.id;
    });
    return this.one(id);
  }

  async listOwn(userId: string): Promise<ReturnRequest[]> {
    return (await findFullReturns(this.deps.db, { userId })).map((r) => toReply(r));
  }

  async list(where: { status?: ReturnStatus; orderId?: string }): Promise<ReturnRequest[]> {
    return (await findFullReturns(this.deps.db, where)).map((r) => toReply(r, true));
  }

  /** The admin's all-returns list: a page of every order's requests, newest first, one status or all. */
  async listPage(query: { status?: ReturnStatus | undefined; page: number }): Promise<AdminReturnsReply> {
    const { db } = this.deps;
    const where = { status: query.status };
    const total = await countReturns(db, where);
    const pages = Math.max(1, Math.ceil(total / ADMIN_RETURNS_PAGE_SIZE));
    const page = Math.min(query.page, pages);
    const rows = await findFullReturns(
      db,
      where,
      ADMIN_RETURNS_PAGE_SIZE,
      (page - 1) * ADMIN_RETURNS_PAGE_SIZE,
    );
    return { returns: rows.map((r) => toReply(r, true)), total, page, pages };
  }

  /**
   * The shopper's one photo of their return, while it is still requested: checked and converted
   * before anything is stored, the file removed again if the request moved meanwhile (409).
   */
  async attachPhoto(userId: string, id: string, file: Buffer | undefined): Promise<ReturnRequest> {
    const request = await this.ownRequest(userId, id);
    if (!file) throw badRequest('Choose a photo to attach.', { photo: 'Required' });
    if (request.photoKey) throw conflict('This return already has a photo.');
    if (request.status !== 'requested') {
      throw conflict('A photo can be added only while the return waits for the shop’s answer.');
    }
    const webp = await toWebp(file, RETURN_PHOTO_RULES);
    const { db, storage } = this.deps;
    await inTransaction(db, async (tx, unit) => {
      const key = `returns/${randomUUID()}.webp`;
      await storage.put(key, webp);
      unit.onRollback(() => storage.remove(key));
      if (!(await setReturnPhoto(tx, id, key))) {
        throw conflict('This return already has a photo, or the shop has answered it.');
      }
    });
    return this.one(id);
  }

  /** The photo's bytes (WebP): to its shopper, or to an admin (`userId` null). 404 when there is none. */
  async photo(userId: string | null, id: string): Promise<Buffer> {
    const request = userId === null ? await this.anyRequest(id) : await this.ownRequest(userId, id);
    const data = request.photoKey ? await this.deps.storage.get(request.photoKey) : undefined;
    if (!data) throw notFound('This return has no photo.');
    return data;
  }

  private async anyRequest(id: string) {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await findReturnRequest(this.deps.db, id) : undefined;
    if (!found) throw notFound('Return request not found');
    return found;
  }

  private async ownRequest(userId: string, id: string) {
    const found = await this.anyRequest(id).catch(() => undefined);
    if (!found || found.userId !== userId) throw notFound('Return request not found');
    return found;
  }

  /** The admin accepts the goods back, with an optional message (how to send them). Audited; the shopper is told. */
  async approve(admin: AuditActor, id: string, message: string | undefined): Promise<ReturnRequest> {
    return this.decide(admin, id, 'approved', message?.trim() || null);
  }

  /** The admin refuses the return, saying why. Audited; the shopper is told. */
  async reject(admin: AuditActor, id: string, message: string): Promise<ReturnRequest> {
    return this.decide(admin, id, 'rejected', message);
  }

  /**
   * The goods reached the shop: each line's units back on the shelf, and the order Partly returned or
   * Returned by the lifecycle (decision 221). Audited.
   */
  async receive(admin: AuditActor, id: string): Promise<ReturnRequest> {
    const productIds = await this.inOrderLock(id, async (tx, order, request) => {
      const at = this.deps.clock.now();
      await moveReturn(tx, request, 'received', this.orderActor(admin), { at, note: 'goods received' });
      const items = await findReturnItems(tx, id);
      for (const item of items) await restockOrderLine(tx, item.orderItemId, item.quantity, 'returned');
      const moved = await followReturnedUnits(tx, order, this.orderActor(admin), at);
      await this.deps.audit.record(tx, admin, {
        action: 'order.return_receive',
        entityId: order.id,
        summary: `Order #${orderNumber(order.id)}: returned goods received (${units(items.reduce((a, i) => a + i.quantity, 0))})`,
        before: { status: request.status, orderStatus: order.status },
        after: { returnId: id, status: 'received', orderStatus: moved.status },
      });
      const lines = await findOrderLines(tx, order.id);
      return lines.flatMap((l) =>
        l.productId && items.some((i) => i.orderItemId === l.id) ? [l.productId] : [],
      );
    });
    await this.stockChanged(productIds);
    return this.one(id, true);
  }

  /**
   * The returned lines' share of the payment goes back (capped by what remains), recorded in this
   * transaction; the shopper's refund mail and the credit note follow once it is processed. An order
   * every unit of which came back (Returned) is Refunded with its last return's refund. Audited.
   */
  async refund(admin: AuditActor, id: string): Promise<ReturnRequest> {
    await this.inOrderLock(id, async (tx, order, request) => {
      if (request.status !== 'received') throw conflict(returnRefusal(request.status, 'refunded'));
      const at = this.deps.clock.now();
      const lines = await findOrderLines(tx, order.id);
      const items = await findReturnItems(tx, id);
      const refunded = await returnUnitsByLine(tx, order.id, 'refunded');
      const done = new Map(lines.map((l) => [l.id, l.cancelledQuantity + (refunded.get(l.id) ?? 0)]));
      const back = new Map(items.map((i) => [i.orderItemId, i.quantity]));
      const remaining = await this.deps.refunds.remaining(tx, order.id);
      const amount = unitsRefund(order, lines, done, back, remaining);
      const refund =
        amount.totalPaise > 0
          ? await this.deps.refunds.request(tx, {
              orderId: order.id,
              amountPaise: amount.totalPaise,
              reason: `Return of ${units(items.reduce((a, i) => a + i.quantity, 0))} of order #${orderNumber(order.id)}`,
              kind: 'return',
              requestedBy: admin.id,
              idempotencyKey: `return_${id}`,
            })
          : null;
      for (const item of items)
        await setReturnItemRefund(tx, item.id, amount.perItem.get(item.orderItemId) ?? 0);
      await moveReturn(tx, request, 'refunded', this.orderActor(admin), {
        at,
        note: null,
        facts: { refundPaise: amount.totalPaise, refundId: refund?.id ?? null },
      });
      await this.deps.audit.record(tx, admin, {
        action: 'order.return_refund',
        entityId: order.id,
        summary: `Order #${orderNumber(order.id)}: return refunded (${paiseToRupees(amount.totalPaise)} rupees)`,
        after: { returnId: id, refundId: refund?.id ?? null, amountPaise: amount.totalPaise },
      });
      // Returned at the last unit's receipt (followReturnedUnits); Refunded once every return is settled.
      const open = await findFullReturns(tx, { orderId: order.id });
      const settled = open.every(
        (r) => r.request.id === id || ['rejected', 'refunded'].includes(r.request.status),
      );
      if (settled && order.status === 'Returned') {
        await moveOrder(tx, order, 'Refunded', this.orderActor(admin), {
          at,
          note: 'returned items refunded',
        });
      }
    });
    return this.one(id, true);
  }

  /**
   * Cancels some units of a paid order that has not shipped: stock back, the units' share refunded,
   * the shopper told; every unit cancelled cancels the order (Processing → Cancelled). An admin's is audited.
   */
  async cancelItems(
    actor: LineActor,
    orderId: string,
    body: { items: { orderItemId: string; quantity: number }[]; reason: string },
  ): Promise<CancelItemsReply> {
    if (actor.kind === 'shopper') await this.ownOrder(actor.userId, orderId);
    else if (!(await this.deps.orders.find(orderId))) throw notFound('Order not found');
    const { db, clock } = this.deps;
    const by: OrderActor = actor.kind === 'shopper' ? actor : { kind: 'admin', userId: actor.user.id };
    const result = await inTransaction(db, async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      const refusal = this.cancelRefusal(order);
      if (refusal) throw conflict(refusal);
      const at = clock.now();
      const lines = await findOrderLines(tx, orderId);
      const wanted = askedUnits(lines, body.items);
      for (const line of lines) {
        const left = line.quantity - line.cancelledQuantity - line.returnedQuantity;
        if ((wanted.get(line.id) ?? 0) > left) {
          throw conflict(
            left === 0
              ? `${line.name} is already cancelled.`
              : `At most ${left} of ${line.name} can be cancelled.`,
            { items: `at most ${left}` },
          );
        }
      }
      const refunded = await returnUnitsByLine(tx, orderId, 'refunded');
      const done = new Map(lines.map((l) => [l.id, l.cancelledQuantity + (refunded.get(l.id) ?? 0)]));
      const remaining = await this.deps.refunds.remaining(tx, orderId);
      const amount = unitsRefund(order, lines, done, wanted, remaining);
      const count = [...wanted.values()].reduce((a, b) => a + b, 0);
      const refund =
        amount.totalPaise > 0
          ? await this.deps.refunds.request(tx, {
              orderId,
              amountPaise: amount.totalPaise,
              reason: `${units(count)} cancelled: ${body.reason}`,
              kind: 'cancellation',
              requestedBy: by.userId,
              idempotencyKey: `cancel_items_${randomUUID()}`,
            })
          : null;
      for (const [itemId, quantity] of wanted) await restockOrderLine(tx, itemId, quantity, 'cancelled');
      await insertCancellations(
        tx,
        [...wanted].map(([orderItemId, quantity]) => ({
          orderId,
          orderItemId,
          quantity,
          reason: body.reason,
          refundPaise: amount.perItem.get(orderItemId) ?? 0,
          refundId: refund?.id ?? null,
          actor: by.kind as 'shopper' | 'admin',
          cancelledBy: by.userId,
          createdAt: at,
        })),
      );
      const everything = lines.every(
        (l) => l.cancelledQuantity + l.returnedQuantity + (wanted.get(l.id) ?? 0) === l.quantity,
      );
      const status = everything
        ? (
            await moveOrder(tx, order, 'Cancelled', by, {
              at,
              note: `Cancelled: ${body.reason} (every item)`,
            })
          ).status
        : order.status;
      await this.deps.notify.enqueue(
        tx,
        'order_cancelled',
        { email: order.email, phone: order.phone },
        {
          name: order.name,
          orderNumber: orderNumber(orderId),
          what: everything ? 'your order' : `${units(count)} of your order`,
          refundPaise: amount.totalPaise,
        },
        { orderId, key: `order_cancelled:items:${refund?.id ?? randomUUID()}` },
      );
      if (actor.kind === 'admin') {
        await this.deps.audit.record(tx, actor.user, {
          action: 'order.cancel_items',
          entityId: orderId,
          summary: `Order #${orderNumber(orderId)}: ${units(count)} cancelled (${body.reason})`,
          after: { items: Object.fromEntries(wanted), refundPaise: amount.totalPaise },
        });
      }
      const productIds = lines.flatMap((l) => (l.productId && wanted.has(l.id) ? [l.productId] : []));
      afterCommit(tx, () => this.stockChanged(productIds));
      return { refundPaise: amount.totalPaise, status, count };
    });
    return {
      refund: paiseToRupees(result.refundPaise),
      orderStatus: result.status,
      message:
        result.status === 'Cancelled'
          ? 'Every item is cancelled, so the order is cancelled.'
          : `${units(result.count)} cancelled.`,
    };
  }

  private async decide(
    admin: AuditActor,
    id: string,
    to: 'approved' | 'rejected',
    message: string | null,
  ): Promise<ReturnRequest> {
    await this.inOrderLock(id, async (tx, order, request) => {
      const at = this.deps.clock.now();
      await moveReturn(tx, request, to, this.orderActor(admin), {
        at,
        note: message,
        facts: { adminNote: message },
      });
      await this.deps.audit.record(tx, admin, {
        action: to === 'approved' ? 'order.return_approve' : 'order.return_reject',
        entityId: order.id,
        summary: `Order #${orderNumber(order.id)}: return ${to}${message ? ` (${message})` : ''}`,
        before: { status: request.status },
        after: { returnId: id, status: to, message },
      });
      await this.deps.notify.enqueue(
        tx,
        to === 'approved' ? 'return_approved' : 'return_rejected',
        { email: order.email },
        { name: order.name, orderNumber: orderNumber(order.id), message: message ?? '' },
        { orderId: order.id, key: `return_${to}:${id}` },
      );
    });
    return this.one(id, true);
  }

  /** Runs `work` with the request's order locked, then the request (the order every writer locks in). */
  private async inOrderLock<T>(
    id: string,
    work: (
      tx: DbOrTx,
      order: OrderRow,
      request: NonNullable<Awaited<ReturnType<typeof lockReturnRequest>>>,
    ) => Promise<T>,
  ): Promise<T> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await findReturnRequest(this.deps.db, id) : undefined;
    if (!found) throw notFound('Return request not found');
    return inTransaction(this.deps.db, async (tx) => {
      const order = (await lockOrder(tx, found.orderId))!;
      const request = (await lockReturnRequest(tx, id))!;
      return work(tx, order, request);
    });
  }

  private orderActor(admin: AuditActor): OrderActor {
    return { kind: 'admin', userId: admin.id };
  }

  private async one(id: string, admin = false): Promise<ReturnRequest> {
    const [full] = await findFullReturns(this.deps.db, { id });
    return toReply(full!, admin);
  }

  private returnWindow(
    order: OrderRow,
    days: number,
    now: Date,
  ): { refusal: string | null; until: Date | null } {
    if (!order.deliveredAt || !['Delivered', 'Partly returned', 'Completed'].includes(order.status)) {
      return {
        refusal:
          order.status === 'Returned' || order.status === 'Refunded'
            ? 'This order has been returned already.'
            : 'Only a delivered order can be returned.',
        until: null,
      };
    }
    const until = new Date(order.deliveredAt.getTime() + days * DAY_MS);
    if (now > until) {
      return {
        refusal: `The return window for this order closed on ${dayOf(until)}: goods can be returned within ${days} days of delivery.`,
        until,
      };
    }
    return { refusal: null, until };
  }

  private cancelRefusal(order: OrderRow): string | null {
    if (order.status === 'Processing') return null;
    if (order.status === 'Pending') return 'This order is not paid yet: cancel the whole order instead.';
    if (order.status === 'Cancelled') return 'This order is already cancelled.';
    return `This order is ${order.status}: items can only be cancelled before it ships.`;
  }

  private async ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await this.deps.orders.find(orderId) : undefined;
    if (!order || order.userId !== userId) throw notFound('Order not found');
    return order;
  }

  private async stockChanged(productIds: readonly string[]): Promise<void> {
    if (productIds.length > 0) await this.deps.catalogue.invalidate([...new Set(productIds)]).catch(() => {});
  }
}

function lineView(l: OrderItemRow) {
  return { orderItemId: l.id, name: l.name, colour: l.colour, size: l.size, bought: l.quantity };
}
