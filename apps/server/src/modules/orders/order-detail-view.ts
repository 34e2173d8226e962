import { discountedPaise, type MyOrderDetail, paiseToRupees } from '@bazaar/shared';
import { toShipment } from './order-admin-reply';
import { toMyOrder } from './order-view';
import type { OrderItemRow, OrderRow } from './orders.repo';
import type { ShipmentRow } from './shipments.repo';

export interface OrderDetailParts {
  order: OrderRow;
  items: readonly OrderItemRow[];
  shipment: ShipmentRow | undefined;
  history: readonly { toStatus: OrderRow['status']; createdAt: Date }[];
  refunds: readonly {
    amountPaise: number;
    status: 'pending' | 'processed' | 'failed';
    reason: string;
    createdAt: Date;
  }[];
}

function paymentStatus(order: OrderRow, refundedPaise: number): string {
  if (order.paidAt && refundedPaise >= order.totalPaise) return 'Refunded';
  if (order.paidAt && refundedPaise > 0) return 'Partly refunded';
  if (order.paidAt) return order.paidWith === 'cod' ? 'Paid in cash on delivery' : 'Paid';
  if (
    order.paymentMethod === 'cod' &&
    ['Awaiting confirmation', 'Processing', 'Shipped'].includes(order.status)
  ) {
    return 'Pay on delivery';
  }
  return order.status === 'Pending' ? 'Awaiting payment' : 'Not paid';
}

/** The COD side of an order placed for cash on delivery (and not paid online instead since). */
function codSide(order: OrderRow): MyOrderDetail['cod'] {
  if (order.paymentMethod !== 'cod') return null;
  const awaiting = order.status === 'Awaiting confirmation';
  return {
    fee: paiseToRupees(order.codFeePaise),
    confirmBy: awaiting && order.expiresAt ? order.expiresAt.toISOString() : null,
    canConfirm: awaiting,
    // Before dispatch: awaiting confirmation, or confirmed and not yet shipped (decision 220).
    canPayOnline: !order.paidAt && (awaiting || order.status === 'Processing'),
    cashCollected: order.paidWith === 'cod' && order.paidAt !== null,
  };
}

/** One order in full for its shopper: items as charged, totals, address, payment, shipment, timeline. */
export function toMyOrderDetail(
  { order, items, shipment, history, refunds }: OrderDetailParts,
  now: Date,
): MyOrderDetail {
  const refunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    ...toMyOrder(order, items, now, shipment),
    name: order.name,
    phone: order.phone,
    email: order.email,
    lines: items.map((item) => {
      const unit = discountedPaise(item.unitPricePaise, item.discount);
      return {
        _id: item.id,
        name: item.name,
        colour: item.colour,
        size: item.size,
        quantity: item.quantity,
        price: paiseToRupees(unit),
        listPrice: paiseToRupees(item.unitPricePaise),
        discountPercent: item.discount,
        lineTotal: paiseToRupees(unit * item.quantity),
      };
    }),
    payment: {
      method: order.paymentMethod,
      status: paymentStatus(order, refunded),
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    shipment: shipment ? toShipment(shipment) : null,
    cod: codSide(order),
    timeline: history.map((h) => ({ status: h.toStatus, at: h.createdAt.toISOString() })),
    refunds: refunds.map((r) => ({
      amount: paiseToRupees(r.amountPaise),
      status: r.status,
      reason: r.reason,
      at: r.createdAt.toISOString(),
    })),
  };
}
