import { formatINR } from '@bazaar/shared/money';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { TaxLines } from '@/components/ui/tax-lines';
import type { useCartActions } from '../hooks/use-cart-actions';
import type { CartView } from '../hooks/use-cart-view';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 border-b border-gray-400 py-4 last:border-b-0 ${strong ? 'font-medium' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

/** The spec's Cart Total box: Subtotal, the applied coupon, Shipping, Tax, Total, and Proceed to checkout. */
export function CartTotals({
  view,
  actions,
}: {
  view: CartView;
  actions: ReturnType<typeof useCartActions>;
}) {
  return (
    <section
      aria-labelledby="cart-total-heading"
      className="w-full rounded border-[1.5px] border-black px-6 py-8 lg:max-w-md"
    >
      <h2 id="cart-total-heading" className="text-xl font-medium">
        Cart Total
      </h2>
      <dl className="mt-4">
        <Row label="Subtotal:" value={formatINR(view.subTotal)} />
        {view.coupon ? (
          <div className="flex items-center justify-between gap-4 border-b border-gray-400 py-4 text-emerald-700">
            <dt className="flex flex-wrap items-center gap-x-2">
              <span>Coupon code applied</span>
              <span className="rounded bg-emerald-50 px-1.5 text-sm font-medium">{view.coupon.code}</span>
              <span>-{view.coupon.discount}%</span>
              <button
                type="button"
                onClick={() => void actions.removeCoupon()}
                disabled={actions.busy}
                aria-label={`Remove coupon ${view.coupon.code}`}
                className="flex size-7 items-center justify-center rounded-full text-gray-600 hover:text-brand disabled:opacity-50"
              >
                <CloseIcon size={16} />
              </button>
            </dt>
            <dd className="whitespace-nowrap">-{formatINR(view.couponDiscount)}</dd>
          </div>
        ) : null}
        <Row
          label="Shipping:"
          value={view.shipping === 0 && view.totalItems > 0 ? 'Free' : formatINR(view.shipping)}
        />
        {view.taxIncluded ? null : <Row label="Tax:" value={formatINR(view.tax)} />}
        <Row label="Total:" value={formatINR(view.total)} strong />
        {view.taxIncluded ? <TaxLines lines={view.taxLines} /> : null}
      </dl>
      <div className="mt-4 flex justify-center">
        <Link to="/cart/checkout" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
          Proceed to checkout
        </Link>
      </div>
    </section>
  );
}
