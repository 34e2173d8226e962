import type { Product } from '@bazaar/shared/schemas/catalogue';
import { ApiError } from '@/lib/api-client';
import type { StoredProduct } from '@/lib/stored-product';
import { useProducts } from '../api/get-product';
import { useAccountWishlistQuery } from '../api/get-wishlist';
import { useGuestWishlist } from '../stores/guest-wishlist';

/** One card of the wishlist page. */
export interface WishlistEntry {
  productId: string;
  /** The product as the shop shows it now; null while it loads or when it is no longer sold. */
  product: Product | null;
  /** What the guest list kept, shown until the product arrives. */
  snapshot: StoredProduct | null;
  /** True for a guest's product the shop no longer sells. */
  gone: boolean;
}

/**
 * The wishlist page's entries: the account's (live products from the server) or the guest's (the
 * browser's list, each product asked for live so stock and description are today's).
 */
export function useWishlistEntries(): { loading: boolean; entries: WishlistEntry[] } {
  const { signedIn, wishlist } = useAccountWishlistQuery({ fresh: true });
  const guestItems = useGuestWishlist((state) => state.items);
  const products = useProducts(signedIn ? [] : guestItems.map((item) => item._id));
  if (signedIn) {
    return {
      loading: wishlist === undefined,
      entries: (wishlist ?? []).map((item) => ({
        productId: item.product._id,
        product: item.product,
        snapshot: null,
        gone: false,
      })),
    };
  }
  return {
    loading: false,
    entries: guestItems.map((item, i) => {
      const query = products[i];
      return {
        productId: item._id,
        product: query?.data?.product ?? null,
        snapshot: item,
        gone: query?.error instanceof ApiError && query.error.status === 404,
      };
    }),
  };
}
