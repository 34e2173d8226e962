import { CART_MESSAGES } from '@bazaar/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { mergeCart } from '../api/merge-cart';
import { accountCartKey, keepAccountCart } from '../stores/account-cart';
import { useGuestCart } from '../stores/guest-cart';
import { mergeSummary } from './merge-summary';

/** Long enough to read a sentence or two of what changed. */
const CHANGES_TOAST_MS = 8000;

let running: Promise<void> | null = null;

/**
 * Moves the guest cart into the signed-in account's (right after login, register or Google sign-in):
 * the guest lines are taken out of the browser, sent, and the account's cart replaces the cache. If a
 * line was dropped, lowered or repriced, a toast says so. A failed merge puts the lines back.
 */
export function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  running ??= (async () => {
    const lines = useGuestCart.getState().take();
    if (lines.length === 0) return;
    const userId = useSession.getState().user?._id ?? null;
    try {
      const merged = await mergeCart(
        lines.map(({ _id, name, image, price, discount, qty, colour, size }) => ({
          _id,
          name,
          image,
          price,
          discount,
          qty,
          colour: colour ?? null,
          size: size ?? null,
        })),
      );
      // A cart fetch that started before the merge must not overwrite its result.
      await queryClient.cancelQueries({ queryKey: accountCartKey(userId) });
      keepAccountCart(queryClient, userId, merged);
      const summary = mergeSummary(merged.changes);
      if (summary) notify.warning(summary, { autoCloseMs: CHANGES_TOAST_MS });
    } catch (error) {
      for (const line of lines) useGuestCart.getState().add(line);
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
