import { TOAST_AUTO_CLOSE_MS } from '@bazaar/shared/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { SessionBootstrap } from '@/features/account';
import { useProductInCart } from '@/features/cart';
import { type ProductShopping, ProductShoppingContext } from '@/features/catalogue';
import { useProductInWishlist } from '@/features/wishlist';
import { SiteOriginContext } from '@/lib/site';
import { ShopSettingsEffects } from './shop-settings-effects';

// The catalogue's cards and product page act on the cart and wishlist through this binding.
const productShopping: ProductShopping = { useCart: useProductInCart, useWishlist: useProductInWishlist };

/** What every page needs around it: the query cache, the session check, the shop's settings, the origin. */
export function Providers({
  client,
  origin,
  children,
}: {
  client: QueryClient;
  origin: string;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <SiteOriginContext value={origin}>
        <SessionBootstrap />
        <ShopSettingsEffects />
        <ProductShoppingContext value={productShopping}>{children}</ProductShoppingContext>
      </SiteOriginContext>
    </QueryClientProvider>
  );
}

/**
 * Toasts top-right, one at a time: a new message replaces the one showing at once (the spec's "one
 * at a time"; react-toastify's `limit` would queue it behind the old one for up to its whole life).
 */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
