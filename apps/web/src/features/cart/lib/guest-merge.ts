import { CART_MESSAGES } from '@bazaar/shared/constants';
import type { CartChange, CartMergeReply, CartReply } from '@bazaar/shared/schemas/cart';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { applyCoupon } from '../api/apply-coupon';
import { mergeCart } from '../api/merge-cart';
import { accountCartKey, keepAccountCart } from '../stores/account-cart';
import { useGuestCart } from '../stores/guest-cart';
import { useGuestCoupon } from '../stores/guest-coupon';
import { mergeSummary } from './merge-summary';

/** Long enough to read a sentence or two of what changed. */
const CHANGES_TOAST_MS = 8000;

let running: Promise<void> | null = null;

/**
 * Moves the guest cart into the signed-in account's (right after login, register or Google sign-in):
 * the guest lines and coupon are taken out of the browser, sent, and the account's cart replaces the
 * cache. The server checks the coupon again; if it dropped it (ended or used up meanwhile), or a line
 * was dropped, lowered or repriced, a toast says so. A failed merge puts the lines and coupon back.
 */
export function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  running ??= (async () => {
    const lines = useGuestCart.getState().take();
    const coupon = useGuestCoupon.getState().take();
    if (lines.length === 0 && !coupon) return;
    const userId = useSession.getState().user?._id ?? null;
    try {
      const guestLines = lines.map(({ _id, name, image, price, discount, qty, colour, size }) => ({
        _id,
        name,
        image,
        price,
        discount,
        qty,
        colour: colour ?? null,
        size: size ?? null,
      }));
      // A coupon without lines (the guest emptied the cart) is applied on its own.
      const merged = guestLines.length
        ? withCart(await mergeCart(guestLines, coupon?.code))
        : await applyGuestCoupon(coupon!.code);
      if (merged.cart) {
        // A cart fetch that started before the merge must not overwrite its result.
        await queryClient.cancelQueries({ queryKey: accountCartKey(userId) });
        keepAccountCart(queryClient, userId, merged.cart);
      }
      const summary = mergeSummary(merged.changes, merged.couponRefusal);
      if (summary) notify.warning(summary, { autoCloseMs: CHANGES_TOAST_MS });
    } catch (error) {
      for (const line of lines) useGuestCart.getState().add(line);
      if (coupon) useGuestCoupon.getState().set(coupon);
      // A refused session has said so already (the one 401 handler).
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        notify.error(errorMessage(error, CART_MESSAGES.mergeFailed));
      }
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

interface Merged {
  cart: CartReply | null;
  changes: CartChange[];
  couponRefusal: string | null;
}

const withCart = ({ changes, couponRefusal, ...cart }: CartMergeReply): Merged => ({
  cart,
  changes,
  couponRefusal,
});

/** The guest's coupon alone, checked again by the server: a refusal is said, not a failed merge. */
async function applyGuestCoupon(code: string): Promise<Merged> {
  try {
    return { cart: await applyCoupon(code), changes: [], couponRefusal: null };
  } catch (error) {
    const refused =
      error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
    if (!refused) throw error;
    return {
      cart: null,
      changes: [],
      couponRefusal: `The coupon ${code.toUpperCase()} was not applied to your cart: ${error.message}`,
    };
  }
}
