import type { Product } from '@bazaar/shared/schemas/catalogue';
import { notify } from '@/lib/notify';
import { toStoredProduct } from '@/lib/stored-product';
import { type CartVariant, useGuestCart } from '../stores/guest-cart';

/** What the shopper chose on the product page; a product card adds one, without a choice. */
export interface CartChoice extends CartVariant {
  qty?: number;
}

export interface ProductInCart {
  inCart: boolean;
  add(choice?: CartChoice): void;
  /** Removes every line of the product. */
  remove(): void;
  toggle(): void;
}

/**
 * One product's place in the cart, with the spec's toasts. Guests keep their cart in the browser;
 * the cart issue sends signed-in shoppers' changes to the server behind this same hook.
 */
export function useProductInCart(product: Product): ProductInCart {
  const inCart = useGuestCart((state) => state.lines.some((line) => line._id === product._id));
  const add = ({ qty = 1, colour, size }: CartChoice = {}) => {
    useGuestCart.getState().add({ ...toStoredProduct(product), qty, colour, size });
    notify.success('Added to cart');
  };
  const remove = () => {
    useGuestCart.getState().remove(product._id);
    notify.info('Removed from cart');
  };
  return {
    inCart,
    add,
    remove,
    toggle() {
      if (useGuestCart.getState().has(product._id)) remove();
      else add();
    },
  };
}
