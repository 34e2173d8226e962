import { useContext } from 'react';
import type { CardProduct } from '@/lib/card-product';
import { ProductShoppingContext } from '../lib/product-shopping';

/** Cart and wishlist toggles of one product, through the cart and wishlist the app layer provides. */
export function useProductToggles(product: CardProduct) {
  const shopping = useContext(ProductShoppingContext);
  if (!shopping) {
    throw new Error(
      'ProductShoppingContext is missing: the app layer binds the cart and wishlist to the catalogue.',
    );
  }
  const cart = shopping.useCart(product);
  const wishlist = shopping.useWishlist(product);
  return {
    inCart: cart.inCart,
    liked: wishlist.liked,
    addToCart: cart.add,
    removeFromCart: cart.remove,
    toggleCart: cart.toggle,
    toggleLike: wishlist.toggle,
  };
}
