import type { CartMergeReply, GuestCartLineInput } from '@bazaar/shared/schemas/cart';
import { api } from '@/lib/api-client';

/**
 * POST /api/cart/merge: the guest cart's lines (and the guest's coupon, checked again) join the account's
 * cart; the reply says what did not come across as the guest had it. Called once after sign-in
 * (lib/guest-merge.ts), not from a component.
 */
export function mergeCart(guestCart: GuestCartLineInput[], coupon?: string): Promise<CartMergeReply> {
  return api<CartMergeReply>('/cart/merge', { method: 'POST', body: { guestCart, coupon } });
}
