import { TOAST_AUTO_CLOSE_MS } from '@bazaar/shared/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import 'react-toastify/dist/ReactToastify.css';
import { SessionBootstrap } from '@/features/account';
import { CartDeliveryContext, useProductInCart } from '@/features/cart';
import { ProductDeliveryContext, type ProductShopping, ProductShoppingContext } from '@/features/catalogue';
import { payOrder } from '@/features/checkout';
import { type OrderPayment, OrderPaymentContext } from '@/features/orders';
import { useProductInWishlist, type WishlistCart, WishlistCartContext } from '@/features/wishlist';
import { loadToastify } from '@/lib/notify';
import { SiteOriginContext } from '@/lib/site';
import { CheckDelivery } from './deferred-delivery';
import { ShopSettingsEffects } from './shop-settings-effects';

// The catalogue's cards and product page act on the cart and wishlist through this binding.
const productShopping: ProductShopping = { useCart: useProductInCart, useWishlist: useProductInWishlist };
// The wishlist page's Add to Cart goes through the cart feature too.
const wishlistCart: WishlistCart = { useCart: useProductInCart };
// My Orders' Pay now opens checkout's payment window; its code loads with the first payment, not the page.
const orderPayment: OrderPayment = { pay: payOrder };

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
        <ProductShoppingContext value={productShopping}>
          <WishlistCartContext value={wishlistCart}>
            <OrderPaymentContext value={orderPayment}>
              {/* Check delivery on the product page and in the cart. */}
              <ProductDeliveryContext value={CheckDelivery}>
                <CartDeliveryContext value={CheckDelivery}>{children}</CartDeliveryContext>
              </ProductDeliveryContext>
            </OrderPaymentContext>
          </WishlistCartContext>
        </ProductShoppingContext>
      </SiteOriginContext>
    </QueryClientProvider>
  );
}

const ToastContainer = lazy(() => loadToastify().then((module) => ({ default: module.ToastContainer })));

/**
 * Toasts top-right, one at a time: a new message replaces the one showing at once (the spec's "one
 * at a time"; react-toastify's `limit` would queue it behind the old one for up to its whole life).
 * The container mounts once the page has hydrated (the server renders none), and its code loads then.
 */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </Suspense>
  );
}
