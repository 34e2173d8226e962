import type { OrderStatus } from '@bazaar/shared/constants';
import type { DbOrTx, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { conflict, forbidden } from '../../lib/errors';
import { orderMoves } from '../../lib/metrics';
import { deleteRedemption, holdCoupon, recordRedemption, releaseCoupon } from './coupon-holds.repo';
import {
  clearPaymentWindow,
  findOnlineCapturedProviders,
  findOrderQuantities,
  hasCapturedPayment,
  insertStatusHistory,
  type OrderRow,
  restockOrderItems,
  setShopperDeleted,
  sumLineUnits,
  takeStock,
  updateOrderStatus,
  voidManualPayments,
} from './orders.repo';
import { findShipment } from './shipments.repo';
import { dropHolds, releaseHolds } from './unpaid-holds.repo';

/** Who moves an order: the shopper who placed it, a shop administrator, or the shop itself (callbacks, jobs). */
export type Actor = { kind: 'system' } | { kind: 'shopper' | 'admin'; userId: string };
export type ActorKind = Actor['kind'];

export interface MoveContext {
  tx: Tx;
  /** The order as it was before the move (after it, for effects). */
  order: OrderRow;
  actor: Actor;
  at: Date;
}

/** A condition a move must meet; it answers why the move is refused, or undefined to allow it. */
export type Guard = (ctx: MoveContext) => Promise<string | undefined>;
/** Work a move does in its transaction, after the status changed and before the history is written. */
export type Effect = (ctx: MoveContext) => Promise<void>;

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** What the move means in the shop. */
  means: string;
  /** Who may make it. */
  by: readonly ActorKind[];
  guard?: Guard;
  /** The fact (with the move's time) the move records, which the status then vouches for. */
  records?: 'paidAt' | 'deliveredAt';
  /** The fact the move takes back (the status no longer vouches for it). */
  clears?: 'paidAt';
  effects?: readonly Effect[];
}

const paymentCaptured: Guard = async ({ tx, order }) =>
  (await hasCapturedPayment(tx, order.id, order.totalPaise))
    ? undefined
    : 'This order has no captured payment for its total yet, so it cannot be marked as paid.';

const wasPaid: Guard = async ({ order }) =>
  order.paidAt ? undefined : 'This order was never paid, so there is nothing to refund.';

const paidOnlyByHand: Guard = async ({ tx, order }) => {
  const online = await findOnlineCapturedProviders(tx, order.id);
  return online.length === 0
    ? undefined
    : `This order was paid online (${online.join(', ')}), so it cannot be marked unpaid: cancel it and refund the payment instead.`;
};

/** A parcel leaves with its carrier and tracking number recorded (the database's trigger agrees). */
const shipmentRecorded: Guard = async ({ tx, order }) =>
  (await findShipment(tx, order.id))
    ? undefined
    : 'Record the shipment first (carrier, tracking number and expected delivery): use Ship on the order.';

/** A cash-on-delivery parcel is handed over only for its cash: recorded first (cod-admin.service.ts). */
const cashCollectedIfCod: Guard = async ({ order }) =>
  order.paymentMethod === 'cod' && !order.paidAt
    ? 'Record the cash collected first: use "Delivered, cash collected" on the order.'
    : undefined;

/** A parcel that came back is Returned (then refunded) when it was paid; unpaid COD, Returned to origin. */
const paidBefore: Guard = async ({ order }) =>
  order.paidAt
    ? undefined
    : 'This cash-on-delivery order was never paid: mark it Returned to origin instead.';

/** Returned to origin is for a cash-on-delivery parcel the shopper refused: nothing was paid. */
const unpaidCod: Guard = async ({ order }) =>
  order.paymentMethod === 'cod' && !order.paidAt
    ? undefined
    : 'Only an unpaid cash-on-delivery order can be returned to origin; a paid one is Returned and refunded.';

/**
 * Partly returned: some delivered units came back and were received (returns' receipt counts them on
 * the lines), others are still with the shopper (decision 221).
 */
const someReturnedSomeKept: Guard = async ({ tx, order }) => {
  const units = await sumLineUnits(tx, order.id);
  if (units.returned === 0) {
    return 'No item of this order has come back yet: mark a return’s goods received first.';
  }
  return units.bought - units.cancelled - units.returned > 0
    ? undefined
    : 'Every item of this order came back, so it is Returned, not partly returned.';
};

/** A partly returned order is Returned only once its last kept unit came back and was received. */
const everyUnitReturned: Guard = async ({ tx, order }) => {
  const units = await sumLineUnits(tx, order.id);
  const kept = units.bought - units.cancelled - units.returned;
  return kept === 0
    ? undefined
    : `${kept} item${kept === 1 ? ' is' : 's are'} still with the shopper: mark their return received first.`;
};

/** Confirming is the shopper's or the shop's word; the shop itself moves it only when it was paid online. */
const confirmedOrPaid: Guard = async (ctx) =>
  ctx.actor.kind === 'system' ? paymentCaptured(ctx) : undefined;

const neverPaid: Guard = async ({ order }) =>
  order.paidAt ? 'This order was paid before, so a payment cannot reopen it.' : undefined;

/**
 * Stock is taken when an order is placed; every way an order ends without its goods gives it back,
 * per variant with a ledger row: an unpaid order the shop ends (its window passed) as an expiry.
 */
const restockUnpaid: Effect = ({ tx, order, actor }) =>
  restockOrderItems(tx, order.id, actor.kind === 'system' ? 'expiry' : 'cancellation');

const restock: Effect = ({ tx, order }) => restockOrderItems(tx, order.id, 'cancellation');

/** Goods that came back (undelivered, or returned by the shopper) are on the shelf again. */
const restockReturned: Effect = ({ tx, order }) => restockOrderItems(tx, order.id, 'return');

/**
 * A late payment takes the stock again, every line or none (the move fails, and the payment is
 * refunded): variants in (product, variant) order, as every reservation locks them.
 */
const retakeStock: Effect = async ({ tx, order }) => {
  for (const line of await findOrderQuantities(tx, order.id)) {
    if (!(await takeStock(tx, line.variantId, line.quantity, order.id))) {
      throw conflict(`${line.name} sold out after this order expired, so it cannot be honoured.`);
    }
  }
};

/** The coupon's use, counted since the order was placed, is given back when the order ends unfulfilled. */
const releaseCouponHold: Effect = async ({ tx, order }) => {
  if (order.couponId) await releaseCoupon(tx, order.couponId, order.id);
};

/** A late payment needs its coupon's use back too; a coupon used up meanwhile refuses it. */
const reholdCoupon: Effect = async ({ tx, order, at }) => {
  if (order.couponId && !(await holdCoupon(tx, order.couponId, at))) {
    throw conflict(`The coupon ${order.couponCode ?? ''} was used up after this order expired.`);
  }
};

/**
 * Undoing a payment recorded by hand: the record is voided (kept, not deleted), the coupon's
 * redemption becomes a hold again (its use stays counted, as for any unpaid order), and the order
 * waits for an admin rather than for its payment window, which has long closed.
 */
const unrecordPayment: Effect = async ({ tx, order }) => {
  await voidManualPayments(tx, order.id);
  await deleteRedemption(tx, order.id);
  await clearPaymentWindow(tx, order.id);
};

/** Paid: the coupon's held use becomes a redemption. */
const redeemCoupon: Effect = async ({ tx, order, at }) => {
  if (order.couponId) {
    await recordRedemption(tx, { couponId: order.couponId, userId: order.userId, orderId: order.id, at });
  }
};

/**
 * An unpaid order ended: what it held keeps counting against its holder until its deadline, so
 * deleting and placing it again cannot renew the hold (orders/order-holds.ts). Units an admin
 * released cannot be placed again by the same holder before that deadline.
 */
const releaseUnpaidHolds: Effect = ({ tx, order, actor, at }) =>
  releaseHolds(tx, order.id, at, actor.kind !== 'admin');

/** Paid: what the order held is sold, and counts against nobody's hold limit. */
const settleHolds: Effect = ({ tx, order }) => dropHolds(tx, order.id);

/** An order the shopper had deleted and a late payment honours is theirs to see again. */
const showToShopper: Effect = ({ tx, order }) => setShopperDeleted(tx, order.id, null);

/**
 * Every move an order may make; anything else is refused here and, should
 * code ever bypass this table, by the database's trigger (its pairs are the
 * same: a test compares them). A coupon's use is held from the order's
 * creation (checkout counts it), redeemed when paid and given back when the
 * order ends unfulfilled; clearing the cart and the confirmation mail belong
 * to the payment that moved the order, not to the move (an admin marking an
 * order paid must not empty the shopper's current cart).
 */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  {
    from: 'Pending',
    to: 'Processing',
    means: 'the payment was captured',
    by: ['system', 'admin'],
    guard: paymentCaptured,
    records: 'paidAt',
    effects: [redeemCoupon, settleHolds],
  },
  {
    from: 'Pending',
    to: 'Cancelled',
    means: 'unpaid order cancelled by the shopper, the shop, or its payment window expiring',
    by: ['shopper', 'admin', 'system'],
    effects: [restockUnpaid, releaseCouponHold, releaseUnpaidHolds],
  },
  {
    from: 'Awaiting confirmation',
    to: 'Processing',
    means:
      'the shopper (by the mailed link or on the order page) or the shop confirmed the cash-on-delivery order, or it was paid online instead',
    by: ['shopper', 'admin', 'system'],
    guard: confirmedOrPaid,
    effects: [redeemCoupon],
  },
  {
    from: 'Awaiting confirmation',
    to: 'Cancelled',
    means: 'cash-on-delivery order cancelled before confirmation, or unconfirmed in time',
    by: ['shopper', 'admin', 'system'],
    effects: [restock, releaseCouponHold],
  },
  {
    from: 'Processing',
    to: 'Pending',
    means: 'the payment an admin recorded by hand was a mistake: the order awaits payment again',
    by: ['admin'],
    guard: async (ctx) =>
      ctx.order.paidAt ? paidOnlyByHand(ctx) : 'This order has no payment to take back.',
    clears: 'paidAt',
    effects: [unrecordPayment],
  },
  {
    from: 'Processing',
    to: 'Shipped',
    means: 'handed to the courier, its shipment recorded',
    by: ['admin'],
    guard: shipmentRecorded,
  },
  {
    from: 'Processing',
    to: 'Cancelled',
    means: 'paid order cancelled before shipping (a refund follows)',
    by: ['shopper', 'admin'],
    effects: [restock, releaseCouponHold],
  },
  {
    from: 'Shipped',
    to: 'Delivered',
    means: 'the courier delivered it (a cash-on-delivery order once its cash is recorded)',
    by: ['admin', 'system'],
    guard: cashCollectedIfCod,
    records: 'deliveredAt',
  },
  {
    from: 'Shipped',
    to: 'Returned',
    means: 'the courier could not deliver it and brought it back',
    by: ['admin', 'system'],
    guard: paidBefore,
    effects: [restockReturned],
  },
  {
    from: 'Shipped',
    to: 'Returned to origin',
    means: 'the shopper refused the cash-on-delivery parcel and the courier brought it back: no money',
    by: ['admin', 'system'],
    guard: unpaidCod,
    effects: [restockReturned],
  },
  { from: 'Delivered', to: 'Completed', means: 'the return window closed', by: ['admin', 'system'] },
  {
    from: 'Delivered',
    to: 'Partly returned',
    means: 'the shop received some of the items back; the shopper keeps the rest',
    by: ['admin', 'system'],
    guard: someReturnedSomeKept,
  },
  {
    from: 'Delivered',
    to: 'Returned',
    means: 'the shopper sent it back and the shop received it',
    by: ['admin'],
    effects: [restockReturned],
  },
  {
    from: 'Partly returned',
    to: 'Returned',
    means: 'the shop received the last of the items back',
    by: ['admin', 'system'],
    guard: everyUnitReturned,
  },
  { from: 'Returned', to: 'Refunded', means: 'the money went back for a return', by: ['admin', 'system'] },
  {
    from: 'Cancelled',
    to: 'Refunded',
    means: 'the money went back for a paid, cancelled order',
    by: ['admin', 'system'],
    guard: wasPaid,
  },
  {
    from: 'Cancelled',
    to: 'Processing',
    means: 'a payment arrived after the unpaid order expired, and its stock could be taken again',
    by: ['system'],
    guard: async (ctx) => (await neverPaid(ctx)) ?? (await paymentCaptured(ctx)),
    records: 'paidAt',
    effects: [retakeStock, reholdCoupon, redeemCoupon, showToShopper, settleHolds],
  },
];

const ACTOR_NAMES: Record<ActorKind, string> = {
  shopper: 'the shopper',
  admin: 'a shop administrator',
  system: 'the shop',
};

function orList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The statuses this kind of actor may move an order at `from` to (guards aside). */
export function nextStatuses(from: OrderStatus, actor: ActorKind): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}

/** Why a move that is not in the table is refused, naming the moves that are possible. */
export function refusalOf(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${from}.`;
  const next = ORDER_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
  if (next.length === 0) return `This order is ${from}, which is final: it cannot become ${to}.`;
  return `An order that is ${from} can only become ${orList(next)}, not ${to}.`;
}

/**
 * Moves an order to `to`: checks the table (409 with the reason, or 403 when
 * this actor may not), then in one transaction runs the guard, changes the
 * status only if nobody changed it meanwhile, records paid/delivered, runs the
 * effects and writes the status history (who, when, from, to, note). Called
 * with a transaction, it joins it.
 */
export async function moveOrder(
  db: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actor: Actor,
  options: { at: Date; note?: string | undefined },
): Promise<OrderRow> {
  const from = order.status;
  const transition = ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!transition) throw conflict(refusalOf(from, to));
  if (!transition.by.includes(actor.kind)) {
    throw forbidden(
      `Only ${orList(transition.by.map((k) => ACTOR_NAMES[k]))} can change an order from ${from} to ${to}.`,
    );
  }
  if (actor.kind === 'shopper' && order.userId !== actor.userId) {
    throw forbidden('You can only change your own orders.');
  }
  const { at } = options;
  return inTransaction(db, async (tx, unit) => {
    const reason = await transition.guard?.({ tx, order, actor, at });
    if (reason) throw conflict(reason);
    const moved = await updateOrderStatus(tx, order.id, from, to, {
      ...(transition.records ? { [transition.records]: at } : {}),
      ...(transition.clears ? { [transition.clears]: null } : {}),
    });
    if (!moved) throw conflict('This order was changed meanwhile. Reload it and try again.');
    for (const effect of transition.effects ?? []) await effect({ tx, order: moved, actor, at });
    await insertStatusHistory(tx, {
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      actor: actor.kind,
      changedBy: actor.kind === 'system' ? null : actor.userId,
      note: options.note ?? null,
      createdAt: at,
    });
    unit.afterCommit(() => orderMoves.inc({ from, to, by: actor.kind }));
    return moved;
  });
}
