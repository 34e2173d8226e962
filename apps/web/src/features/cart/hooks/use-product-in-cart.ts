import { CART_MESSAGES } from '@bazaar/shared/constants';
import type { CardProduct } from '@/lib/card-product';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { toStoredProduct } from '@/lib/stored-product';
import { useAddToCart } from '../api/add-to-cart';
import { useAccountCartQuery } from '../api/get-cart';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { type CartVariant, useGuestCart } from '../stores/guest-cart';

/** What the shopper chose on the product page; a product card adds one, without a choice. */
export interface CartChoice extends CartVariant {
  qty?: number;
}

export interface ProductInCart {
  inCart: boolean;
  /** Adds to the cart; resolves false when it was refused (the toast says why). */
  add(choice?: CartChoice): Promise<boolean>;
  /** Removes every line of the product. */
  remove(): Promise<boolean>;
  toggle(): void;
}

/**
 * One product's place in the cart, with the spec's toasts. Guests keep their cart in the browser;
 * signed-in shoppers' changes go to the server, whose reply becomes the cart.
 */
export function useProductInCart(product: CardProduct): ProductInCart {
  const { signedIn, cart } = useAccountCartQuery();
  const inGuestCart = useGuestCart((state) => state.lines.some((line) => line._id === product._id));
  const addLine = useAddToCart();
  const removeLines = useRemoveCartLine();
  const inCart = signedIn ? (cart?.cartItems.some((i) => i.productId === product._id) ?? false) : inGuestCart;
  const busy = addLine.isPending || removeLines.isPending;

  const add = async ({ qty = 1, colour, size }: CartChoice = {}) => {
    if (!signedIn) {
      const added = useGuestCart.getState().add({ ...toStoredProduct(product), qty, colour, size });
      if (added) notify.success(CART_MESSAGES.added);
      else notify.error(CART_MESSAGES.cartFull);
      return added;
    }
    try {
      await addLine.mutateAsync({ productId: product._id, quantity: qty, colour, size });
      notify.success(CART_MESSAGES.added);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, 'Could not add to cart. Please try again.'));
      return false;
    }
  };
  const remove = async () => {
    if (!signedIn) {
      useGuestCart.getState().remove(product._id);
      notify.info(CART_MESSAGES.removed);
      return true;
    }
    try {
      await removeLines.mutateAsync({ productId: product._id });
      notify.info(CART_MESSAGES.removed);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, 'Could not remove from cart. Please try again.'));
      return false;
    }
  };
  return {
    inCart,
    add,
    remove,
    toggle() {
      if (busy) return;
      void (inCart ? remove() : add());
    },
  };
}
