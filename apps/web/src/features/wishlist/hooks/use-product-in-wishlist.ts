import { WISHLIST_MESSAGES } from '@bazaar/shared/constants';
import type { CardProduct } from '@/lib/card-product';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { toStoredProduct } from '@/lib/stored-product';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useAccountWishlistQuery } from '../api/get-wishlist';
import { useGuestWishlist } from '../stores/guest-wishlist';
import { useWishlistRemover } from './use-wishlist-remover';

export interface ProductInWishlist {
  liked: boolean;
  toggle(): void;
}

/**
 * One product's place in the wishlist, with the spec's toasts. Guests keep their wishlist in the
 * browser; signed-in shoppers' changes go to the server, whose reply becomes the wishlist.
 */
export function useProductInWishlist(product: CardProduct): ProductInWishlist {
  const { signedIn, wishlist } = useAccountWishlistQuery();
  const likedAsGuest = useGuestWishlist((state) => state.items.some((item) => item._id === product._id));
  const add = useAddToWishlist();
  const remover = useWishlistRemover();
  const liked = signedIn
    ? (wishlist?.some((item) => item.product._id === product._id) ?? false)
    : likedAsGuest;

  return {
    liked,
    toggle() {
      if (add.isPending || remover.pending) return;
      if (liked) {
        void remover.remove(product._id);
      } else if (!signedIn) {
        if (useGuestWishlist.getState().add(toStoredProduct(product)))
          notify.success(WISHLIST_MESSAGES.added);
        else notify.info(WISHLIST_MESSAGES.alreadyThere);
      } else {
        add.mutate(product._id, {
          onSuccess: (reply) => notify.success(reply.message ?? WISHLIST_MESSAGES.added),
          onError: (error) =>
            notify.error(errorMessage(error, 'Could not add to wishlist. Please try again.')),
        });
      }
    },
  };
}
