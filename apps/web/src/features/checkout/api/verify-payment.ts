import type { VerifyPaymentBody, VerifyPaymentReply } from '@bazaar/shared/schemas/orders';
import { api } from '@/lib/api-client';

/** POST /orders/verify: what the payment window handed back, for the server to check and record. */
export function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentReply> {
  return api<VerifyPaymentReply>('/orders/verify', { method: 'POST', body });
}
