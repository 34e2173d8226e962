import { discountedPaise, type MyOrder, paiseToRupees } from '@bazaar/shared';
import { orderNumber } from './order-number';
import type { OrderItemRow, OrderRow } from './orders.repo';
import type { ShipmentRow } from './shipments.repo';

/** Days from payment to the expected delivery: dispatch (1–2) plus standard delivery (3–5). */
export const ESTIMATED_DELIVERY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

function deliveryDate(order: OrderRow, shipment: ShipmentRow | undefined): Date | null {
  if (order.deliveredAt) return order.deliveredAt;
  // The expected day, at noon in India, so it reads as that day in any time zone the shop's pages use.
  if (shipment && order.status === 'Shipped') return new Date(`${shipment.expectedDelivery}T06:30:00.000Z`);
  if (order.paidAt && (order.status === 'Processing' || order.status === 'Shipped')) {
    return new Date(order.paidAt.getTime() + ESTIMATED_DELIVERY_DAYS * DAY_MS);
  }
  return null;
}

/** An order as My Orders shows it: rupees, the spec's field names, and until when it can be paid. */
export function toMyOrder(
  order: OrderRow,
  items: readonly OrderItemRow[],
  now: Date,
  shipment?: ShipmentRow,
): MyOrder {
  const payable = order.status === 'Pending' && order.expiresAt !== null && order.expiresAt > now;
  return {
    _id: order.id,
    orderNumber: orderNumber(order.id),
    status: order.status,
    date: order.createdAt.toISOString(),
    total: paiseToRupees(order.totalPaise),
    subtotal: paiseToRupees(order.subtotalPaise),
    shipping: paiseToRupees(order.shippingPaise),
    tax: paiseToRupees(order.taxPaise),
    discount: paiseToRupees(order.discountPaise),
    couponCode: order.couponCode,
    isPaid: order.paidAt !== null,
    paidAt: order.paidAt?.toISOString() ?? null,
    paidWith: order.paidWith,
    orderItems: items.map((item) => ({
      _id: item.id,
      product: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: paiseToRupees(discountedPaise(item.unitPricePaise, item.discount)),
      colour: item.colour,
      size: item.size,
    })),
    tracking: shipment?.trackingNumber ?? order.trackingNumber,
    carrier: shipment?.carrier ?? null,
    trackingUrl: shipment?.trackingUrl ?? null,
    deliveryDate: deliveryDate(order, shipment)?.toISOString() ?? null,
    payBy: payable ? order.expiresAt!.toISOString() : null,
    shippingAddress: { ...order.shippingAddress },
  };
}
