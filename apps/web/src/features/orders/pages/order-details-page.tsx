import { formatINR } from '@bazaar/shared/money';
import type { MyOrderDetail } from '@bazaar/shared/schemas/order-details';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { AfterSaleActions } from '../components/after-sale-actions';
import { CodPanel } from '../components/cod-panel';
import { CreditNotes } from '../components/credit-notes';
import { StatusIcon, statusText } from '../components/status-icon';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const moment = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

function Panel({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id ?? title}-title`}
      className="rounded border border-gray-200 bg-white p-5"
    >
      <h2 id={`${id ?? title}-title`} className="mb-3 text-lg font-medium">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /orders/:id: one order in full; /orders/:id#timeline (Track Package) scrolls to its timeline. */
export function OrderDetailsPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  useDocumentTitle(order.data ? `Order #${order.data.orderNumber}` : 'Order details');
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/" className="hover:text-black">
          Home
        </Link>
        <span className="mx-2">/</span>
        <Link to="/orders" className="hover:text-black">
          My Orders
        </Link>
        <span className="mx-2">/</span>
        <span className="text-black" aria-current="page">
          Order details
        </span>
      </nav>
      {order.isPending ? (
        // A whole screen tall, as the route's own loader is (app/guards.tsx): the footer stays below the
        // fold while the shopper's data arrives, instead of jumping down when it does (layout shift).
        <div className="flex min-h-svh justify-center py-24">
          <Spinner size={40} label="Loading your order…" />
        </div>
      ) : order.isError ? (
        <p role="alert" className="py-16 text-center text-gray-700">
          {order.error instanceof ApiError && order.error.status === 404
            ? 'Order not found.'
            : errorMessage(order.error, 'Your order could not be loaded.')}
        </p>
      ) : (
        <OrderDetails order={order.data} />
      )}
    </section>
  );
}

function CancelButton({ order }: { order: MyOrderDetail }) {
  const cancel = useCancelOrder();
  const onClick = async () => {
    const reason = window.prompt(
      order.isPaid
        ? `Cancel order #${order.orderNumber}? Its ${formatINR(order.total)} will be refunded. Why are you cancelling?`
        : `Cancel order #${order.orderNumber}? Why are you cancelling?`,
    );
    if (!reason?.trim()) return;
    // mutateAsync, not mutate's callbacks: the refetched order is Cancelled, which unmounts this
    // button before per-call callbacks would run, and TanStack Query drops them on unmount.
    try {
      await cancel.mutateAsync({ orderId: order._id, reason: reason.trim() });
      notify.success(order.isPaid ? 'Order cancelled: your refund is on its way.' : 'Order cancelled.');
    } catch (error) {
      notify.error(errorMessage(error, 'The order could not be cancelled.'));
    }
  };
  return (
    <Button variant="outline" onClick={onClick} loading={cancel.isPending} disabled={cancel.isPending}>
      Cancel order
    </Button>
  );
}

function OrderDetails({ order }: { order: MyOrderDetail }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#timeline') document.getElementById('timeline')?.scrollIntoView();
  }, [hash]);
  const address = order.shippingAddress;
  return (
    <>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-medium">Order #{order.orderNumber}</h1>
        {order.status === 'Pending' ||
        order.status === 'Processing' ||
        order.status === 'Awaiting confirmation' ? (
          <CancelButton order={order} />
        ) : null}
      </div>
      <p className="mt-2 flex items-center gap-2 font-medium" data-order-status={order.status}>
        <StatusIcon status={order.status} />
        {statusText(order.status)} · placed on {day.format(new Date(order.date))}
      </p>
      <AfterSaleActions order={order} />
      <CodPanel order={order} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Panel title="Items">
          <ul className="divide-y divide-gray-100">
            {order.lines.map((line) => (
              <li key={line._id} className="flex justify-between gap-4 py-2 text-sm">
                <span>
                  {line.name}
                  {line.colour ? ` · ${line.colour}` : ''}
                  {line.size ? ` · ${line.size}` : ''} × {line.quantity}
                  <span className="block text-gray-600">
                    {formatINR(line.price)} each
                    {line.discountPercent > 0
                      ? ` (${formatINR(line.listPrice)} − ${line.discountPercent}%)`
                      : ''}
                  </span>
                </span>
                <span>{formatINR(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-t pt-3 text-sm">
            <dt>Subtotal</dt>
            <dd>{formatINR(order.subtotal)}</dd>
            {order.discount > 0 ? (
              <>
                <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
                <dd>−{formatINR(order.discount)}</dd>
              </>
            ) : null}
            <dt>Delivery</dt>
            <dd>{order.shipping === 0 ? 'Free' : formatINR(order.shipping)}</dd>
            <dt>Tax</dt>
            <dd>{formatINR(order.tax)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="font-semibold" data-order-total="">
              {formatINR(order.total)}
            </dd>
          </dl>
        </Panel>
        <Panel title="Delivery address">
          <address className="text-sm not-italic">
            {order.name}
            <br />
            {[address.street, address.apartment, address.building, address.floor].filter(Boolean).join(', ')}
            <br />
            {[address.city, address.state, address.pinCode].filter(Boolean).join(', ')}
            <br />
            {address.country}
            <br />
            {order.phone}
          </address>
        </Panel>
        <Panel title="Payment">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600">Method:</dt>
            <dd>{order.payment.method}</dd>
            <dt className="text-gray-600">Status:</dt>
            <dd data-payment-status="">{order.payment.status}</dd>
            {order.payment.paidAt ? (
              <>
                <dt className="text-gray-600">Paid on:</dt>
                <dd>{moment.format(new Date(order.payment.paidAt))}</dd>
              </>
            ) : null}
          </dl>
        </Panel>
        {order.refunds.length > 0 ? (
          <Panel title="Refunds">
            <ul className="text-sm" data-refunds="">
              {order.refunds.map((r) => (
                <li key={r.at} data-refund-status={r.status}>
                  {formatINR(r.amount)} ·{' '}
                  {r.status === 'processed' ? 'Refunded' : r.status === 'pending' ? 'On its way' : 'Failed'} ·{' '}
                  {moment.format(new Date(r.at))}
                  <span className="block text-gray-600">{r.reason}</span>
                </li>
              ))}
            </ul>
            <CreditNotes orderId={order._id} refunded={order.refunds.some((r) => r.status === 'processed')} />
          </Panel>
        ) : null}
        <Panel title="Shipment">
          {order.shipment ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Carrier:</dt>
              <dd>{order.shipment.carrier}</dd>
              <dt className="text-gray-600">Tracking number:</dt>
              <dd>
                {order.shipment.trackingUrl ? (
                  <a
                    href={order.shipment.trackingUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="underline underline-offset-4"
                    data-tracking-link=""
                  >
                    {order.shipment.trackingNumber}
                  </a>
                ) : (
                  order.shipment.trackingNumber
                )}
              </dd>
              <dt className="text-gray-600">Expected delivery:</dt>
              <dd>{day.format(new Date(`${order.shipment.expectedDelivery}T06:30:00Z`))}</dd>
            </dl>
          ) : (
            <p className="text-sm text-gray-700">Not shipped yet.</p>
          )}
        </Panel>
      </div>
      <div className="mt-6">
        <Panel title="Timeline" id="timeline">
          <ol className="border-l border-gray-300 pl-4 text-sm">
            <li className="mb-3">
              <p className="font-medium">Placed</p>
              <p className="text-gray-600">{moment.format(new Date(order.date))}</p>
            </li>
            {order.timeline
              .filter((step) => step.status !== 'Pending')
              .map((step) => (
                <li key={`${step.status}-${step.at}`} className="mb-3" data-timeline-step={step.status}>
                  <p className="font-medium">{statusText(step.status)}</p>
                  <p className="text-gray-600">{moment.format(new Date(step.at))}</p>
                  {step.status === 'Shipped' && order.shipment?.trackingUrl ? (
                    <a
                      href={order.shipment.trackingUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="underline underline-offset-4"
                    >
                      Track with {order.shipment.carrier}
                    </a>
                  ) : null}
                </li>
              ))}
          </ol>
        </Panel>
      </div>
    </>
  );
}
