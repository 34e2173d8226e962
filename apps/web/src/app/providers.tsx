import { TOAST_AUTO_CLOSE_MS } from '@bazaar/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { SessionBootstrap } from '@/features/account';
import { useProductInCart } from '@/features/cart';
import { type ProductShopping, ProductShoppingContext } from '@/features/catalogue';
import { useProductInWishlist, type WishlistCart, WishlistCartContext } from '@/features/wishlist';
import { ShopSettingsEffects } from './shop-settings-effects';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// The catalogue's cards and product page act on the cart and wishlist through this binding.
const productShopping: ProductShopping = { useCart: useProductInCart, useWishlist: useProductInWishlist };
// The wishlist page's Add to Cart goes through the cart feature too.
const wishlistCart: WishlistCart = { useCart: useProductInCart };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionBootstrap />
      <ShopSettingsEffects />
      <ProductShoppingContext value={productShopping}>
        <WishlistCartContext value={wishlistCart}>{children}</WishlistCartContext>
      </ProductShoppingContext>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={1} newestOnTop />
    </QueryClientProvider>
  );
}
