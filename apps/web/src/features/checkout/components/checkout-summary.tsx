import { formatINR } from '@bazaar/shared/money';
import type { CheckoutSummary as Summary } from '@bazaar/shared/schemas/orders';
import { ProductImage } from '@/components/ui/product-image';
import { TaxLines } from '@/components/ui/tax-lines';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between border-b border-gray-300 py-3 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The right-hand column: the 'Items' the order holds and its figures, as the server priced them. */
export function CheckoutSummary({ summary }: { summary: Summary }) {
  return (
    <div>
      <h2 className="text-lg font-medium">Items</h2>
      <ul className="mt-4 flex flex-col gap-4">
        {summary.items.map((item) => (
          <li
            key={`${item.product}-${item.colour ?? ''}-${item.size ?? ''}`}
            className="flex items-center gap-4"
          >
            <ProductImage
              src={item.image}
              alt=""
              width={54}
              height={54}
              sizes="54px"
              className="h-14 w-14 flex-none object-contain"
            />
            <div className="flex-1 text-sm">
              <p className="font-medium">{item.name}</p>
              <p className="text-gray-600">
                Qty: {item.quantity}
                {item.colour ? ` · ${item.colour}` : ''}
                {item.size ? ` · ${item.size}` : ''}
              </p>
              {item.quantity > item.stock ? (
                <p className="text-brand">{item.stock === 0 ? 'Out of stock' : `Only ${item.stock} left`}</p>
              ) : null}
            </div>
            <span className="text-sm">{formatINR(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-6 text-sm">
        <Row label="Subtotal:" value={formatINR(summary.subtotal)} />
        {summary.coupon ? (
          <Row
            label={`Discount (${summary.coupon.code}, -${summary.coupon.discount}%):`}
            value={`-${formatINR(summary.discount)}`}
          />
        ) : null}
        <Row label="Shipping:" value={summary.shipping === 0 ? 'Free' : formatINR(summary.shipping)} />
        {summary.taxIncluded ? null : <Row label="Tax:" value={formatINR(summary.tax)} />}
        <Row label="Total:" value={formatINR(summary.total)} strong />
        {summary.taxIncluded ? <TaxLines lines={summary.taxLines ?? []} /> : null}
      </dl>
    </div>
  );
}
