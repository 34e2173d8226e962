import type { CodOrderReply } from '@bazaar/shared/schemas/cod';
import type { CreateOrderBody, OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /orders: the server prices the cart, reserves the stock and starts the payment; with
 * paymentMethod "cod", the order awaits the shopper's confirmation instead (no payment window).
 */
export function placeOrder(body: CreateOrderBody): Promise<OrderPaymentReply | CodOrderReply> {
  return api<OrderPaymentReply | CodOrderReply>('/orders', { method: 'POST', body });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
