import type { AdminOrder, AdminOrderSummary, Shipment } from '@bazaar/shared';
import { paiseToRupees } from '@bazaar/shared';
import { imageUrl } from '../catalogue/index';
import { profileImageUrl } from '../users/index';
import type { OrderWithCustomer } from './order-admin.repo';
import type { AdminOrderDetail } from './order-admin.service';
import { nextStatuses } from './order-lifecycle';
import type { ShipmentRow } from './shipments.repo';

/** A shipment as replies show it. */
export function toShipment(s: ShipmentRow): Shipment {
  return {
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    expectedDelivery: s.expectedDelivery,
    shippedAt: s.createdAt.toISOString(),
  };
}

/** A row of the admin's order list: the account as it is now, or the order's own name and email once it is gone. */
export function toAdminOrderSummary(order: OrderWithCustomer): AdminOrderSummary {
  return {
    _id: order.id,
    user: {
      _id: order.account?.id ?? null,
      name: order.account?.name ?? order.name,
      email: order.account?.email ?? order.email,
      profileImage: profileImageUrl(order.account?.profileImage ?? null),
    },
    status: order.status,
    totalPrice: paiseToRupees(order.totalPaise),
    isPaid: order.paidAt !== null,
    paidAt: order.paidAt?.toISOString() ?? null,
    paidWith: order.paidWith,
    isDelivered: order.deliveredAt !== null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    paymentMethod: order.paymentMethod,
    isTest: order.isTest,
    itemCount: order.itemCount,
    createdAt: order.createdAt.toISOString(),
    nextStatuses: nextStatuses(order.status, 'admin'),
  };
}

export function toAdminOrder({ order, items, payments, history, shipment }: AdminOrderDetail): AdminOrder {
  const address = order.shippingAddress;
  const paidWith = payments.find((p) => p.status === 'captured' && p.email);
  return {
    ...toAdminOrderSummary(order),
    phone: order.phone,
    shippingAddress: {
      street: address.street,
      apartment: [address.apartment, address.floor, address.building].filter(Boolean).join(', ') || null,
      city: address.city,
      state: address.state ?? null,
      country: address.country,
      pincode: address.pinCode,
      landmark: address.landmark ?? null,
    },
    orderItems: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image ? imageUrl(item.image) : null,
      qty: item.quantity,
      cancelledQty: item.cancelledQuantity,
      returnedQty: item.returnedQuantity,
      price: paiseToRupees(item.unitPricePaise),
      discount: item.discount,
      colour: item.colour,
      size: item.size,
    })),
    subtotal: paiseToRupees(order.subtotalPaise),
    discount: paiseToRupees(order.discountPaise),
    couponCode: order.couponCode,
    shipping: paiseToRupees(order.shippingPaise),
    tax: paiseToRupees(order.taxPaise),
    trackingNumber: order.trackingNumber,
    shipment: shipment ? toShipment(shipment) : null,
    payment: {
      method: order.paymentMethod,
      email: paidWith?.email ?? null,
      payments: payments.map((p) => ({
        provider: p.provider,
        status: p.status,
        amount: paiseToRupees(p.amountPaise),
        paymentId: p.providerPaymentId,
        email: p.email,
        createdAt: p.createdAt.toISOString(),
      })),
    },
    statusHistory: history.map((h) => ({
      from: h.from,
      to: h.to,
      actor: h.actor,
      by: h.by ? { _id: h.by.id, name: h.by.name, email: h.by.email } : null,
      note: h.note,
      at: h.at.toISOString(),
    })),
  };
}
