import type { OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import { createContext, useContext } from 'react';

/** What My Orders needs to pay an order again: the payment window, then its verification, with their toasts. */
export interface OrderPayment {
  pay(payment: OrderPaymentReply): Promise<unknown>;
}

/**
 * Checkout's pay flow, as the app layer binds it (app/providers.tsx): features do not import each
 * other, so My Orders declares what it needs and the app hands in the checkout feature's.
 */
export const OrderPaymentContext = createContext<OrderPayment | null>(null);

export function useOrderPayment(): OrderPayment {
  const payment = useContext(OrderPaymentContext);
  if (!payment) {
    throw new Error('OrderPaymentContext is missing: the app layer binds checkout’s payment to My Orders.');
  }
  return payment;
}
