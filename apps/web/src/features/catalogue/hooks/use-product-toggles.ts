import type { Product } from '@bazaar/shared/schemas/catalogue';
import { type GuestItem, useGuestStore } from '@/lib/guest-store';
import { notify } from '@/lib/notify';

type Variant = Pick<GuestItem, 'colour' | 'size' | 'qty'>;

function toItem(product: Product, variant: Variant = {}): GuestItem {
  return {
    _id: product._id,
    name: product.name,
    // The spec copies productImage to image for the browser-kept lists.
    image: product.productImage ?? product.images[0] ?? null,
    price: product.price,
    discount: product.discount,
    ...variant,
  };
}

/**
 * Cart and wishlist toggles of one product, kept in the browser's guest lists.
 * The cart issue moves signed-in shoppers onto the server's lists behind this hook.
 */
export function useProductToggles(product: Product) {
  const inCart = useGuestStore((s) => s.cart.some((line) => line._id === product._id));
  const liked = useGuestStore((s) => s.likes.some((like) => like._id === product._id));

  const addToCart = (variant?: Variant) => {
    useGuestStore.getState().addToCart(toItem(product, variant));
    notify.success('Added to cart');
  };
  const removeFromCart = () => {
    useGuestStore.getState().removeFromCart(product._id);
    notify.info('Removed from cart');
  };

  return {
    inCart,
    liked,
    addToCart,
    removeFromCart,
    toggleCart() {
      if (useGuestStore.getState().hasInCart(product._id)) removeFromCart();
      else addToCart();
    },
    toggleLike() {
      const store = useGuestStore.getState();
      if (store.hasInWishlist(product._id)) {
        store.removeFromWishlist(product._id);
        notify.info('Removed from wishlist');
      } else if (store.addToWishlist(toItem(product))) {
        notify.success('Added to wishlist');
      } else {
        notify.info('Product already in wishlist');
      }
    },
  };
}
