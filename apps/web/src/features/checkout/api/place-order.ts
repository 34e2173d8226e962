import type { CreateOrderBody, OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /orders: the server prices the cart, reserves the stock and starts the payment. */
export function placeOrder(body: CreateOrderBody): Promise<OrderPaymentReply> {
  return api<OrderPaymentReply>('/orders', { method: 'POST', body });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
