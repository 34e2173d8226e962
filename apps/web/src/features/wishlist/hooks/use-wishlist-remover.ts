import { WISHLIST_MESSAGES } from '@bazaar/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useAccountWishlistQuery } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { useGuestWishlist } from '../stores/guest-wishlist';

/**
 * Takes products out of the wishlist, the guest's or the account's, with the spec's toast; `quiet`
 * skips the toast (the product moved to the cart, which says so itself).
 */
export function useWishlistRemover() {
  const { signedIn } = useAccountWishlistQuery();
  const mutation = useRemoveFromWishlist();
  return {
    pending: mutation.isPending,
    async remove(productId: string, { quiet = false } = {}): Promise<boolean> {
      if (!signedIn) {
        useGuestWishlist.getState().remove(productId);
        if (!quiet) notify.info(WISHLIST_MESSAGES.removed);
        return true;
      }
      try {
        await mutation.mutateAsync(productId);
        if (!quiet) notify.info(WISHLIST_MESSAGES.removed);
        return true;
      } catch (error) {
        notify.error(errorMessage(error, 'Could not remove from wishlist. Please try again.'));
        return false;
      }
    },
  };
}
