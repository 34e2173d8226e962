import { createContext } from 'react';
import type { CardProduct } from '@/lib/card-product';

/** A product's place in the cart, as the cards and the product page use it. */
export interface CartControls {
  inCart: boolean;
  add(choice?: { qty?: number; colour?: string; size?: string }): void;
  remove(): void;
  toggle(): void;
}

/** A product's place in the wishlist. */
export interface WishlistControls {
  liked: boolean;
  toggle(): void;
}

/**
 * What the catalogue needs from the cart and wishlist. Features do not import each other, so the app
 * layer binds these to the cart and wishlist features (app/providers.tsx). Hooks, so a card re-renders
 * when its product's cart or wishlist state changes; the bound value never changes.
 */
export interface ProductShopping {
  useCart(product: CardProduct): CartControls;
  useWishlist(product: CardProduct): WishlistControls;
}

export const ProductShoppingContext = createContext<ProductShopping | null>(null);
