import { CHECKOUT_MESSAGES, paidWithText } from '@bazaar/shared/constants';
import { formatINR } from '@bazaar/shared/money';
import type { MyOrder } from '@bazaar/shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { downloadInvoice } from '@/lib/download-invoice';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDeleteOrder } from '../api/delete-order';
import { usePayOrderAgain } from '../api/pay-order-again';
import { useOrderPayment } from '../lib/order-payment';
import { StatusIcon, statusText } from './status-icon';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const moment = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** One order of My Orders: status, number, date, total, items with Buy Again, tracking and delivery. */
export function OrderCard({ order }: { order: MyOrder }) {
  const queryClient = useQueryClient();
  const payAgain = usePayOrderAgain();
  const payment = useOrderPayment();
  const deleteOrder = useDeleteOrder();
  const [paying, setPaying] = useState(false);

  const pay = async () => {
    setPaying(true);
    try {
      await payment.pay(await payAgain.mutateAsync(order._id));
    } catch (error) {
      notify.error(errorMessage(error, CHECKOUT_MESSAGES.initiateFailed));
    } finally {
      setPaying(false);
      await queryClient.invalidateQueries();
    }
  };
  const remove = () => {
    // Placing the same items again does not start a new payment time: say so before it surprises anyone.
    const keeps = order.payBy
      ? ` Ordered again before ${moment.format(new Date(order.payBy))}, they keep this order's payment time.`
      : '';
    if (!window.confirm(`Delete unpaid order #${order.orderNumber}? Its items go back on sale.${keeps}`))
      return;
    // mutateAsync: the refetched list no longer holds this card, and an unmounted mutate() drops its callbacks.
    deleteOrder.mutateAsync(order._id).then(
      () => notify.success(CHECKOUT_MESSAGES.orderDeleted),
      (error) => notify.error(errorMessage(error, 'The order could not be deleted.')),
    );
  };

  return (
    <article
      aria-labelledby={`order-${order._id}`}
      className="rounded border border-gray-200 bg-white shadow-[0_1px_13px_rgba(0,0,0,0.05)]"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-200 p-5">
        <div>
          <p className="flex items-center gap-2 font-medium" data-order-status={order.status}>
            <StatusIcon status={order.status} />
            {statusText(order.status)}
          </p>
          <h2 id={`order-${order._id}`} className="mt-2 text-lg font-medium">
            Order #{order.orderNumber}
          </h2>
          <p className="text-sm text-gray-600">Placed on {day.format(new Date(order.date))}</p>
        </div>
        <div className="text-right">
          <p className="text-sm text-gray-600">Total</p>
          <p className="text-lg font-semibold" data-order-total="">
            {formatINR(order.total)}
          </p>
        </div>
      </header>
      <ul className="divide-y divide-gray-100 px-5">
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex flex-wrap items-center gap-4 py-4">
            <ProductImage
              src={item.image}
              alt=""
              width={64}
              height={64}
              sizes="64px"
              className="h-16 w-16 flex-none object-contain"
            />
            <div className="min-w-40 flex-1">
              <p className="font-medium">{item.name}</p>
              <p className="text-sm text-gray-600">
                Qty: {item.quantity}
                {item.colour ? ` · ${item.colour}` : ''}
                {item.size ? ` · ${item.size}` : ''}
              </p>
            </div>
            <p className="text-sm">{formatINR(item.price)}</p>
            {item.product ? (
              <Link to={`/product/${item.product}`} className={buttonClasses('outline', 'sm')}>
                Buy Again<span className="sr-only"> {item.name}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <footer className="flex flex-wrap items-center justify-between gap-4 border-t border-gray-200 p-5 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {order.carrier ? (
            <>
              <dt className="text-gray-600">Carrier:</dt>
              <dd>{order.carrier}</dd>
            </>
          ) : null}
          <dt className="text-gray-600">Tracking number:</dt>
          <dd>
            {order.tracking && order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noreferrer"
                className="underline underline-offset-4"
                data-tracking-link=""
              >
                {order.tracking}
              </a>
            ) : (
              (order.tracking ?? 'Not shipped yet')
            )}
          </dd>
          <dt className="text-gray-600">
            {order.status === 'Delivered' ? 'Delivered:' : 'Estimated delivery:'}
          </dt>
          <dd>{order.deliveryDate ? day.format(new Date(order.deliveryDate)) : '—'}</dd>
          {order.payBy ? (
            <>
              <dt className="text-gray-600">Pay by:</dt>
              <dd>{moment.format(new Date(order.payBy))}, or its items are released</dd>
            </>
          ) : null}
          {order.paidWith ? (
            <>
              <dt className="text-gray-600">Payment:</dt>
              <dd>{paidWithText(order.paidWith)}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-3">
          {order.payBy ? (
            <>
              <Button size="sm" onClick={pay} loading={paying} disabled={paying}>
                Pay now
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={remove}
                loading={deleteOrder.isPending}
                disabled={paying || deleteOrder.isPending}
              >
                Delete order
              </Button>
            </>
          ) : null}
          {order.isPaid ? (
            <Button
              size="sm"
              variant="outline"
              onClick={async () => {
                const failed = await downloadInvoice(`/orders/${encodeURIComponent(order._id)}/invoice`);
                if (failed) notify.error(failed);
              }}
            >
              Download invoice
            </Button>
          ) : null}
          <Link to={`/orders/${order._id}`} className={buttonClasses('outline', 'sm')}>
            View Details<span className="sr-only"> of order #{order.orderNumber}</span>
          </Link>
          <Link to={`/orders/${order._id}#timeline`} className={buttonClasses('outline', 'sm')}>
            Track Package<span className="sr-only"> of order #{order.orderNumber}</span>
          </Link>
        </div>
      </footer>
    </article>
  );
}
