import type { Product } from '@bazaar/shared/schemas/catalogue';
import { notify } from '@/lib/notify';
import { toStoredProduct } from '@/lib/stored-product';
import { useGuestWishlist } from '../stores/guest-wishlist';

export interface ProductInWishlist {
  liked: boolean;
  toggle(): void;
}

/**
 * One product's place in the wishlist, with the spec's toasts. Guests keep their wishlist in the
 * browser; the wishlist issue sends signed-in shoppers' changes to the server behind this same hook.
 */
export function useProductInWishlist(product: Product): ProductInWishlist {
  const liked = useGuestWishlist((state) => state.items.some((item) => item._id === product._id));
  return {
    liked,
    toggle() {
      const wishlist = useGuestWishlist.getState();
      if (wishlist.has(product._id)) {
        wishlist.remove(product._id);
        notify.info('Removed from wishlist');
      } else if (wishlist.add(toStoredProduct(product))) {
        notify.success('Added to wishlist');
      } else {
        notify.info('Product already in wishlist');
      }
    },
  };
}
