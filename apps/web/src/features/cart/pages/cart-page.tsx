import { CART_MESSAGES } from '@bazaar/shared/constants';
import { rupeesToPaise } from '@bazaar/shared/money';
import { use } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PageMeta } from '@/lib/page-meta';
import { useHydrated } from '@/lib/use-hydrated';
import { CartTable } from '../components/cart-table';
import { CartTotals } from '../components/cart-totals';
import { CouponForm } from '../components/coupon-form';
import { useCartActions } from '../hooks/use-cart-actions';
import { useCartView } from '../hooks/use-cart-view';
import { CartDeliveryContext } from '../lib/cart-delivery';

/** /cart: the guest's cart (kept in the browser) or the signed-in shopper's (kept by the server). */
export function CartPage() {
  const view = useCartView();
  const actions = useCartActions();
  const Delivery = use(CartDeliveryContext);
  // A guest's cart is in the browser's storage: the server's HTML and the hydrating render cannot know
  // it, so they show the loading state, never an empty cart that the lines then push down.
  const hydrated = useHydrated();
  const loading = view.loading || !hydrated;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 md:py-16">
      <PageMeta title="Cart" description="Your Bazaar cart: review items, apply a coupon and check out." />
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/" className="hover:text-black">
          Home
        </Link>
        <span className="mx-2">/</span>
        <span className="text-black" aria-current="page">
          Cart
        </span>
      </nav>
      <h1 className="sr-only">Cart</h1>
      {/* At least a screen tall whatever it holds (loading, empty or lines), so the footer is below the
          fold before and after the cart arrives; a new element for each state (the key), so the lines
          appear where the spinner was instead of the same element moving (CLS 0.69 before). */}
      <div key={loading ? 'loading' : view.lines.length === 0 ? 'empty' : 'lines'} className="min-h-screen">
        {loading ? (
          <div className="flex justify-center py-24" aria-busy="true">
            <Spinner label="Loading your cart" />
          </div>
        ) : view.lines.length === 0 ? (
          <div className="py-24 text-center">
            <p className="text-2xl font-medium">{CART_MESSAGES.empty}</p>
            <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
              Return to shop
            </Link>
          </div>
        ) : (
          <div className="mt-10 flex flex-col gap-10">
            <CartTable lines={view.lines} actions={actions} />
            <div className="flex flex-col justify-between gap-8 lg:flex-row lg:items-start">
              <div className="flex w-full flex-col gap-6 lg:max-w-md">
                <CouponForm actions={actions} />
                {Delivery ? (
                  <Delivery amountPaise={rupeesToPaise(view.subTotal - view.couponDiscount)} />
                ) : null}
              </div>
              <CartTotals view={view} actions={actions} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
