import type { AdminHold, AdminHoldsReply } from '@bazaar/shared/schemas/holds';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHolds } from '../api/get-holds';
import { useReleaseHolds } from '../api/release-holds';
import { cellClass, Table } from '../components/table';
import { confirmAction } from '../lib/confirm';
import { formatDateTime } from '../lib/format';

type HeldProduct = AdminHoldsReply['products'][number];

/** "in 12 min", "in 2 h", "any moment now": how long until an unpaid order is cancelled. */
function timeLeft(iso: string): string {
  const minutes = Math.ceil((Date.parse(iso) - Date.now()) / 60_000);
  if (minutes <= 0) return 'any moment now';
  return minutes < 90 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
}

/**
 * Unpaid holds: every product whose units wait in unpaid orders, most held first, with who holds how
 * many until when. Releasing cancels the order (all of its items go back on sale, the coupon too), is
 * recorded in the audit log, and the shopper cannot order those units again before the order's deadline.
 */
export function HoldsPage() {
  useDocumentTitle('Unpaid holds');
  const holds = useHolds();
  const release = useReleaseHolds();
  const data = holds.data;

  const onRelease = (orders: AdminHold[], what: string) => {
    const question =
      orders.length === 1
        ? `Release ${what}? Order #${orders[0]!.orderNumber} of ${orders[0]!.customer.email} will be cancelled, and all its items go back on sale.`
        : `Release ${what}? These ${orders.length} unpaid orders will be cancelled, and all their items go back on sale.`;
    if (!confirmAction(question)) return;
    release.mutate(
      { orderIds: orders.map((o) => o.orderId) },
      {
        onSuccess: (reply) => {
          if (reply.released.length > 0) notify.success(reply.message);
          for (const skipped of reply.skipped) notify.info(skipped.reason);
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to release the hold.')),
      },
    );
  };

  return (
    <section className="max-w-6xl">
      <h1 className="text-2xl font-semibold">Unpaid holds</h1>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        Items in orders waiting for payment are off the shelf until the order is paid, deleted or its payment
        time ends.
        {data
          ? ` One shopper may hold the larger of ${data.limits.units} units and ${data.limits.percent}% of a product's stock; shoppers on one internet connection ${data.limits.addressMultiple} times that.`
          : ''}{' '}
        <Link to="/admin/shop" className="underline underline-offset-4">
          Change in Shop settings
        </Link>
      </p>
      <div className="mt-6">
        {holds.isPending ? (
          <Spinner size={32} label="Loading holds…" />
        ) : holds.isError ? (
          <p role="alert" className="text-brand-dark">
            {errorMessage(holds.error, 'Failed to fetch holds.')}
          </p>
        ) : holds.data.products.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">No unpaid order holds any stock.</p>
        ) : (
          <div className="flex flex-col gap-8">
            {holds.data.truncated ? (
              <p role="status" className="text-sm text-gray-700">
                Showing the holds that end soonest; more unpaid orders exist.
              </p>
            ) : null}
            {holds.data.products.map((entry) => (
              <HeldProductSection
                key={entry.product._id}
                entry={entry}
                busy={release.isPending}
                onRelease={onRelease}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function HeldProductSection({
  entry,
  busy,
  onRelease,
}: {
  entry: HeldProduct;
  busy: boolean;
  onRelease(orders: AdminHold[], what: string): void;
}) {
  const { product, held, holds } = entry;
  const headingId = `held-${product._id}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center gap-4">
        <ProductImage
          src={product.image}
          alt=""
          width={48}
          height={48}
          sizes="48px"
          className="size-12 flex-none rounded object-contain"
        />
        <div className="flex-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {product.name}
          </h2>
          <p className="text-sm text-gray-700">
            {held} held in {holds.length} unpaid {holds.length === 1 ? 'order' : 'orders'} ·{' '}
            {product.countInStock} on the shelf
          </p>
        </div>
        {holds.length > 1 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => onRelease(holds, `every hold on ${product.name}`)}
          >
            Release all
          </Button>
        ) : null}
      </div>
      <Table
        caption={`Unpaid orders holding ${product.name}`}
        head={['Order', 'Customer', 'Units', 'Placed', 'Pay by', '']}
      >
        {holds.map((hold) => (
          <tr key={hold.orderId}>
            <td className={cellClass}>
              <Link
                to={`/admin/orders/order/${hold.orderId}`}
                className="font-mono text-xs underline-offset-4 hover:underline"
              >
                #{hold.orderNumber}
              </Link>
            </td>
            <td className={cellClass}>
              <span className="block">{hold.customer.name}</span>
              <span className="block text-xs text-gray-700">{hold.customer.email}</span>
            </td>
            <td className={cellClass}>{hold.quantity}</td>
            <td className={cellClass}>{formatDateTime(hold.placedAt)}</td>
            <td className={cellClass}>
              {hold.expiresAt ? (
                <>
                  <span className="block">{formatDateTime(hold.expiresAt)}</span>
                  <span className="block text-xs text-gray-700">{timeLeft(hold.expiresAt)}</span>
                </>
              ) : (
                <span className="text-gray-700">Waits for an admin</span>
              )}
            </td>
            <td className={`${cellClass} text-right`}>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Release order #${hold.orderNumber} of ${hold.customer.email}`}
                onClick={() => onRelease([hold], 'this hold')}
              >
                Release
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
