import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { mergeWishlist } from '../api/merge-wishlist';
import { accountWishlistKey, keepAccountWishlist } from '../stores/account-wishlist';
import { useGuestWishlist } from '../stores/guest-wishlist';

let running: Promise<void> | null = null;

/**
 * Moves the guest wishlist into the signed-in account's (right after login, register or Google
 * sign-in): the server's answer replaces the wishlist and the guest list is emptied, as the spec says.
 * A failed merge puts the guest's products back.
 */
export function mergeGuestWishlist(queryClient: QueryClient): Promise<void> {
  running ??= (async () => {
    const items = useGuestWishlist.getState().take();
    if (items.length === 0) return;
    const userId = useSession.getState().user?._id ?? null;
    try {
      const wishlist = await mergeWishlist(items);
      await queryClient.cancelQueries({ queryKey: accountWishlistKey(userId) });
      keepAccountWishlist(queryClient, userId, wishlist);
    } catch (error) {
      for (const item of items) useGuestWishlist.getState().add(item);
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        notify.error(errorMessage(error, 'Could not move your wishlist into your account.'));
      }
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
