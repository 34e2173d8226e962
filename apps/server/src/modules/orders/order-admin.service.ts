import {
  type AdminOrderFilter,
  type AdminOrderListParams,
  formatINR,
  idSchema,
  type OrderStatus,
  type PaymentStatus,
  paiseToRupees,
} from '@bazaar/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import { shopDate, startOfShopDay } from '../../lib/shop-time';
import type { Actor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import { type InvoiceIssuer, issueInvoice } from './invoice-port';
import {
  countOrders,
  deleteOrderRow,
  findOrderItems,
  findOrderPage,
  findOrdersForExport,
  findOrdersSince,
  findOrderWithCustomer,
  findPayments,
  findStatusHistoryWithUsers,
  hasTakenMoney,
  insertManualPayment,
  lockOrder,
  type OrderItemRow,
  type OrderWithCustomer,
  type PaymentRow,
} from './order-admin.repo';
import { cancelOrder } from './order-cancellation';
import { moveOrder, type Actor as OrderActor } from './order-lifecycle';
import { orderNumber } from './order-number';
import { queueOrderPlaced } from './order-placed-message';
import {
  findOrderById,
  hasCapturedPayment,
  MANUAL_PROVIDER,
  type OrderRow,
  setPaidWith,
} from './orders.repo';
import type { OrderPayments } from './payment-ports';
import { findShipment, type ShipmentRow } from './shipments.repo';

/** At most this many orders go into one CSV export (a larger shop narrows it with the search or status). */
export const ORDER_EXPORT_MAX = 50_000;

export interface OrderAdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** Asked before a payment is recorded by hand: the shopper may have paid online after all. */
  payments: Pick<OrderPayments, 'settleFromProvider' | 'refundCancelled'>;
  /** Issues the invoice of an order marked as paid, in the same transaction. */
  invoices: InvoiceIssuer;
  /** The shopper hears of the steps after the sale (delivered). */
  notify: Pick<NotifyService, 'enqueue'>;
}

export interface StatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: 'shopper' | 'admin' | 'system';
  by: { id: string; name: string; email: string } | null;
  note: string | null;
  at: Date;
}

/** One order in full, as the admin's detail screen shows it. */
export interface AdminOrderDetail {
  order: OrderWithCustomer;
  items: OrderItemRow[];
  payments: PaymentRow[];
  history: StatusChange[];
  shipment: ShipmentRow | null;
}

export interface OrderPage {
  orders: OrderWithCustomer[];
  total: number;
  counts: { total: number; pending: number; today: number };
}

/** A short reference an admin can read in the audit log: the id's first block. */
const shortId = (id: string) => `#${id.slice(0, 8)}`;

/**
 * Admins managing orders: the list, one order, payment and status changes
 * (always through the lifecycle table), deletion and the CSV export. Every
 * write records its audit entry in the same transaction. Refusals are 409s
 * with the reason (the web client ends a session on a 403).
 */
export class OrderAdminService {
  constructor(private readonly deps: OrderAdminServiceDeps) {}

  async list(query: AdminOrderListParams): Promise<OrderPage> {
    const { db, clock } = this.deps;
    const offset = (query.page - 1) * query.limit;
    const [{ rows, total }, counts] = await Promise.all([
      findOrderPage(db, this.filterOf(query), query.limit, offset),
      countOrders(db, startOfShopDay(clock.now())),
    ]);
    return {
      orders: rows,
      total,
      counts: { total: counts.total, pending: counts.pending, today: counts.today },
    };
  }

  /** The shop-wide counts of the orders screen, "today" from `todayStart` on. */
  counts(todayStart: Date): Promise<{ total: number; pending: number; toShip: number; today: number }> {
    return countOrders(this.deps.db, todayStart);
  }

  /** Orders placed since `since`, newest first, at most `limit` (the dashboard's recent orders). */
  placedSince(since: Date, limit: number): Promise<OrderWithCustomer[]> {
    return findOrdersSince(this.deps.db, since, limit);
  }

  async get(orderId: string): Promise<AdminOrderDetail> {
    const { db } = this.deps;
    const order = idSchema.safeParse(orderId).success ? await findOrderWithCustomer(db, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    const [items, payments, history, shipment] = await Promise.all([
      findOrderItems(db, orderId),
      findPayments(db, orderId),
      findStatusHistoryWithUsers(db, orderId),
      findShipment(db, orderId),
    ]);
    return {
      order,
      items,
      payments,
      shipment: shipment ?? null,
      history: history.map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        actor: h.actor as StatusChange['actor'],
        by: h.userId ? { id: h.userId, name: h.userName ?? '', email: h.userEmail ?? '' } : null,
        note: h.note,
        at: h.createdAt,
      })),
    };
  }

  /**
   * Mark as Paid: money arrived outside the payment provider (cash, a bank
   * transfer), so a payment is recorded by hand and the order moves Pending →
   * Processing through the table's guard. Mark as Unpaid takes back only such a
   * hand-recorded payment (Processing → Pending); money taken online is
   * refunded instead, through cancellation.
   */
  async setPayment(actor: Actor, orderId: string, status: PaymentStatus): Promise<AdminOrderDetail> {
    if (status === 'Paid' && (await this.paidAtProvider(actor, orderId))) return this.get(orderId);
    const at = this.deps.clock.now();
    await inTransaction(this.deps.db, async (tx) => {
      const order = await this.lock(tx, orderId);
      const by: OrderActor = { kind: 'admin', userId: actor.id };
      if (status === 'Paid') {
        if (order.paidAt) throw conflict('This order is already paid.');
        if (order.status !== 'Pending') {
          throw conflict(
            `This order is ${order.status}: only an order awaiting payment can be marked as paid.`,
          );
        }
        const recordedByHand = !(await hasCapturedPayment(tx, order.id, order.totalPaise));
        if (recordedByHand) {
          await insertManualPayment(tx, {
            orderId: order.id,
            amountPaise: order.totalPaise,
            recordedBy: actor.id,
            at,
          });
        }
        await moveOrder(tx, order, 'Processing', by, { at, note: 'Marked as paid' });
        if (recordedByHand) await setPaidWith(tx, order.id, MANUAL_PROVIDER);
        await issueInvoice(this.deps.invoices, tx, order);
      } else {
        if (!order.paidAt) throw conflict('This order is not paid.');
        if (order.status !== 'Processing') {
          throw conflict(
            order.status === 'Cancelled'
              ? 'This order was paid and then cancelled: refund it rather than marking it unpaid.'
              : `This order is ${order.status}: only a paid order that has not shipped can be marked unpaid.`,
          );
        }
        await moveOrder(tx, order, 'Pending', by, { at, note: 'Marked as unpaid' });
        await setPaidWith(tx, order.id, null);
      }
      await this.deps.audit.record(tx, actor, {
        action: 'order.payment',
        entityId: order.id,
        summary: `Order ${shortId(order.id)} (${formatINR(paiseToRupees(order.totalPaise))}): ${
          status === 'Paid' ? 'Unpaid → Paid' : 'Paid → Unpaid'
        }`,
        before: { status: order.status, isPaid: order.paidAt !== null },
        after: { status: status === 'Paid' ? 'Processing' : 'Pending', isPaid: status === 'Paid' },
      });
    });
    return this.get(orderId);
  }

  /** Moves the order to `to` if the lifecycle table allows it; the refusal says why not. */
  async setStatus(
    actor: Actor,
    orderId: string,
    to: OrderStatus,
    note?: string | undefined,
  ): Promise<AdminOrderDetail> {
    const at = this.deps.clock.now();
    await inTransaction(this.deps.db, async (tx) => {
      const order = await this.lock(tx, orderId);
      if (to === 'Cancelled' && order.paidAt) {
        // A paid order cancelled before shipping: its money goes back with it.
        await cancelOrder(
          tx,
          this.deps,
          order,
          { kind: 'admin', userId: actor.id },
          {
            reason: note ?? 'cancelled by the shop',
            at,
          },
        );
      } else {
        await moveOrder(tx, order, to, { kind: 'admin', userId: actor.id }, { at, note });
      }
      await this.deps.audit.record(tx, actor, {
        action: 'order.status',
        entityId: order.id,
        summary: `Order ${shortId(order.id)}: ${order.status} → ${to}`,
        before: { status: order.status },
        after: { status: to },
      });
      // An admin confirming a cash-on-delivery order (by phone, say) takes it for good, as the shopper would.
      if (to === 'Processing' && order.status === 'Awaiting confirmation') {
        await queueOrderPlaced(tx, this.deps.notify, order);
      }
      if (to === 'Delivered') {
        await this.deps.notify.enqueue(
          tx,
          'order_delivered',
          { email: order.email, phone: order.phone },
          { name: order.name, orderNumber: orderNumber(order.id) },
          { orderId: order.id },
        );
      }
    });
    return this.get(orderId);
  }

  /**
   * Deletes an order that never took money and holds no stock: a cancelled,
   * unpaid one. A paid order stays in the shop's records (cancel and refund it);
   * a pending one is cancelled first, which gives its stock back.
   */
  async remove(actor: Actor, orderId: string): Promise<{ id: string }> {
    return inTransaction(this.deps.db, async (tx) => {
      const order = await this.lock(tx, orderId);
      if (order.paidAt || (await hasTakenMoney(tx, order.id))) {
        throw conflict(
          "This order was paid, so it stays in the shop's records. Cancel or refund it instead.",
        );
      }
      if (order.status !== 'Cancelled') {
        throw conflict(
          `Only a cancelled order can be deleted. This one is ${order.status}: cancel it first.`,
        );
      }
      await deleteOrderRow(tx, order.id);
      await this.deps.audit.record(tx, actor, {
        action: 'order.delete',
        entityId: order.id,
        summary: `Order ${shortId(order.id)} of ${order.email} (${formatINR(paiseToRupees(order.totalPaise))}) deleted`,
        before: {
          status: order.status,
          email: order.email,
          total: paiseToRupees(order.totalPaise),
          createdAt: order.createdAt.toISOString(),
        },
      });
      return { id: order.id };
    });
  }

  /** The orders matching the filter as CSV (the list's order), safe to open in a spreadsheet; recorded in the audit log. */
  async exportCsv(actor: Actor, filter: AdminOrderFilter): Promise<{ csv: string; count: number }> {
    return inTransaction(this.deps.db, async (tx) => {
      const rows = await findOrdersForExport(tx, this.filterOf(filter), ORDER_EXPORT_MAX);
      const described = [filter.status, filter.search && `"${filter.search}"`].filter(Boolean).join(', ');
      await this.deps.audit.record(tx, actor, {
        action: 'order.export',
        entityId: null,
        summary: `Exported ${rows.length} ${rows.length === 1 ? 'order' : 'orders'} as CSV${described ? ` (${described})` : ''}`,
      });
      const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);
      const csv = toCsv(
        [
          'order_id',
          'placed_on',
          'status',
          'customer',
          'email',
          'phone',
          'items',
          'subtotal',
          'discount',
          'shipping',
          'tax',
          'total',
          'paid',
          'paid_at',
          'test_order',
          'payment_method',
          'payment_email',
          'city',
          'state',
          'pincode',
          'country',
          'delivered_at',
        ],
        rows.map(({ order, items, paymentEmail }) => [
          order.id,
          shopDate(order.createdAt),
          order.status,
          order.name,
          order.email,
          order.phone,
          items.map((i) => `${i.name} × ${i.quantity}`).join('; '),
          rupees(order.subtotalPaise),
          rupees(order.discountPaise),
          rupees(order.shippingPaise),
          rupees(order.taxPaise),
          rupees(order.totalPaise),
          order.paidAt ? 'yes' : 'no',
          order.paidAt?.toISOString() ?? '',
          order.isTest ? 'yes' : 'no',
          order.paymentMethod,
          paymentEmail ?? '',
          order.shippingAddress.city,
          order.shippingAddress.state ?? '',
          order.shippingAddress.pinCode,
          order.shippingAddress.country,
          order.deliveredAt?.toISOString() ?? '',
        ]),
      );
      return { csv, count: rows.length };
    });
  }

  /**
   * An admin about to record a payment by hand for an unpaid order: if the provider holds a payment
   * for it that its webhook never brought (an admin who saw it in Razorpay's dashboard), that payment
   * pays the order instead, in the audit log as the admin's change. Recorded by hand as well, the
   * online money would be refunded as a second payment, and the goods shipped for nothing.
   */
  private async paidAtProvider(actor: Actor, orderId: string): Promise<boolean> {
    const { db, payments } = this.deps;
    const order = idSchema.safeParse(orderId).success ? await findOrderById(db, orderId) : undefined;
    if (order?.status !== 'Pending') return false;
    if ((await payments.settleFromProvider(order, 'when an admin marked it paid')) !== 'paid') return false;
    await inTransaction(db, (tx) =>
      this.deps.audit.record(tx, actor, {
        action: 'order.payment',
        entityId: order.id,
        summary: `Order ${shortId(order.id)} (${formatINR(paiseToRupees(order.totalPaise))}): Unpaid → Paid, by its payment found at the payment provider`,
        before: { status: order.status, isPaid: false },
        after: { status: 'Processing', isPaid: true },
      }),
    );
    return true;
  }

  private filterOf(filter: AdminOrderFilter) {
    return { search: filter.search?.toLowerCase() || undefined, status: filter.status };
  }

  private async lock(tx: Parameters<typeof lockOrder>[0], orderId: string): Promise<OrderRow> {
    const order = idSchema.safeParse(orderId).success ? await lockOrder(tx, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    return order;
  }
}
