import { PAYMENT_METHOD_LABELS } from '@bazaar/shared/constants';
import type { AdminOrder } from '@bazaar/shared/schemas/order-admin';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { downloadInvoice } from '@/lib/download-invoice';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteOrder } from '../api/delete-order';
import { useOrder } from '../api/get-order';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { CancelItemsPanel } from '../components/cancel-items-panel';
import { CodActions } from '../components/cod-actions';
import { CreditNotesPanel } from '../components/credit-notes-panel';
import { MarkDelivered } from '../components/mark-delivered';
import { OrderStatusBadge, statusLabel } from '../components/order-status-badge';
import { RefundPanel } from '../components/refund-panel';
import { ReturnsPanel } from '../components/returns-panel';
import { SendPaymentLink } from '../components/send-payment-link';
import { ShipForm } from '../components/ship-form';
import { cellClass, Table } from '../components/table';
import { TestOrderBadge } from '../components/test-order-badge';
import { confirmAction } from '../lib/confirm';
import { formatDateTime, rupeesWithPaise as rupees } from '../lib/format';

const linkClass =
  'rounded-sm text-sm font-medium text-brand-dark underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-700">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** One order: Mark as Paid / Unpaid and Delete; summary, items, address, payment, delivery and status history. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  useDocumentTitle('Order');
  const order = useOrder(orderId);
  if (order.isPending) return <Spinner size={32} label="Loading the order…" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section>
        <p role="alert" className="text-brand-dark">
          {missing ? 'Order not found.' : errorMessage(order.error, 'Failed to fetch the order.')}
        </p>
        <Link to="/admin/orders" className={`${linkClass} mt-4 inline-block`}>
          Back to orders
        </Link>
      </section>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: AdminOrder }) {
  const navigate = useNavigate();
  const markPaid = useMarkOrderPaid();
  const deleteOrder = useDeleteOrder();
  const busy = markPaid.isPending || deleteOrder.isPending;
  const address = order.shippingAddress;

  const onPayment = () => {
    const paymentStatus = order.isPaid ? 'Unpaid' : 'Paid';
    const question = order.isPaid
      ? 'Are you sure you want to mark this order as unpaid?'
      : 'Are you sure you want to mark this order as paid?';
    if (!confirmAction(question)) return;
    markPaid.mutate(
      { orderId: order._id, paymentStatus },
      {
        onSuccess: () => notify.success('Payment Status Updated Successfully'),
        onError: (error) =>
          notify.error(errorMessage(error, 'Failed to update payment status, please try again.')),
      },
    );
  };
  const onDelete = () => {
    if (!confirmAction('Are you sure you want to delete this order?')) return;
    deleteOrder.mutate(order._id, {
      onSuccess: () => {
        notify.success('Order deleted successfully');
        navigate('/admin/orders');
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to delete order, please try again.')),
    });
  };

  return (
    <section className="max-w-5xl">
      <Link to="/admin/orders" className={linkClass}>
        ← All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Order Details</h1>
        <div className="flex items-start gap-3">
          <SendPaymentLink order={order} />
          <Button onClick={onPayment} loading={markPaid.isPending} disabled={busy}>
            {order.isPaid ? 'Mark as Unpaid' : 'Mark as Paid'}
          </Button>
          {order.isPaid ? (
            <Button
              variant="outline"
              onClick={async () => {
                const failed = await downloadInvoice(
                  `/admin/orders/${encodeURIComponent(order._id)}/invoice`,
                );
                if (failed) notify.error(failed);
              }}
            >
              Download invoice
            </Button>
          ) : null}
          <Button variant="dark" onClick={onDelete} loading={deleteOrder.isPending} disabled={busy}>
            Delete
          </Button>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title="Order Summary">
          <Facts>
            <Fact term="Order ID">
              <span className="font-mono text-xs">{order._id}</span>
              {order.isTest ? <TestOrderBadge /> : null}
            </Fact>
            <Fact term="Status">
              <OrderStatusBadge status={order.status} long />
            </Fact>
            <Fact term="Placed">{formatDateTime(order.createdAt)}</Fact>
            <Fact term="Customer">
              {order.user.name} ({order.user.email})
            </Fact>
            <Fact term="Phone">{order.phone}</Fact>
            <Fact term="Items">{rupees(order.subtotal)}</Fact>
            {order.discount > 0 ? (
              <Fact term={`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`}>
                −{rupees(order.discount)}
              </Fact>
            ) : null}
            <Fact term="Shipping">{rupees(order.shipping)}</Fact>
            <Fact term="Tax">{rupees(order.tax)}</Fact>
            <Fact term="Total">
              <strong>{rupees(order.totalPrice)}</strong>
            </Fact>
          </Facts>
        </Panel>
        <Panel title="Shipping Address">
          <Facts>
            <Fact term="Street">{address.street}</Fact>
            <Fact term="Apartment">{address.apartment ?? '—'}</Fact>
            <Fact term="City">{address.city}</Fact>
            <Fact term="State">{address.state ?? '—'}</Fact>
            <Fact term="Country">{address.country}</Fact>
            <Fact term="Pincode">{address.pincode}</Fact>
            {address.landmark ? <Fact term="Landmark">{address.landmark}</Fact> : null}
          </Facts>
        </Panel>
        <Panel title="Payment">
          <Facts>
            <Fact term="Method">{order.payment.method}</Fact>
            <Fact term="Payment">{order.isPaid ? 'Paid' : 'Not Paid'}</Fact>
            {order.isTest ? (
              <Fact term="Test order">Yes: placed through the payment sandbox, so no money moves</Fact>
            ) : null}
            {order.paidAt ? <Fact term="Paid on">{formatDateTime(order.paidAt)}</Fact> : null}
            {order.paidWith ? (
              <Fact term="Paid with">{PAYMENT_METHOD_LABELS[order.paidWith] ?? order.paidWith}</Fact>
            ) : null}
            <Fact term="Payment email">{order.payment.email ?? 'N/A'}</Fact>
          </Facts>
          {order.payment.payments.length > 0 ? (
            <ul className="mt-3 space-y-1 text-xs text-gray-700">
              {order.payment.payments.map((p) => (
                <li key={`${p.provider}-${p.createdAt}-${p.status}`}>
                  {p.provider === 'manual' ? 'Recorded by an admin' : p.provider}: {rupees(p.amount)},{' '}
                  {p.status}, {formatDateTime(p.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
        <Panel title="Delivery">
          <Facts>
            <Fact term="Delivery">{order.isDelivered ? 'Delivered' : 'Not Delivered'}</Fact>
            {order.deliveredAt ? <Fact term="Delivered on">{formatDateTime(order.deliveredAt)}</Fact> : null}
            {order.shipment ? (
              <>
                <Fact term="Carrier">{order.shipment.carrier}</Fact>
                <Fact term="Tracking">
                  {order.shipment.trackingUrl ? (
                    <a
                      href={order.shipment.trackingUrl}
                      target="_blank"
                      rel="noreferrer"
                      className={linkClass}
                    >
                      {order.shipment.trackingNumber}
                    </a>
                  ) : (
                    order.shipment.trackingNumber
                  )}
                </Fact>
                <Fact term="Expected">{order.shipment.expectedDelivery}</Fact>
                <Fact term="Shipped on">{formatDateTime(order.shipment.shippedAt)}</Fact>
              </>
            ) : order.trackingNumber ? (
              <Fact term="Tracking">{order.trackingNumber}</Fact>
            ) : null}
          </Facts>
          {order.status === 'Processing' ? <ShipForm order={order} /> : null}
          {order.paymentMethod === 'cod' && !order.isPaid ? (
            <CodActions orderId={order._id} status={order.status} />
          ) : order.status === 'Shipped' ? (
            <MarkDelivered orderId={order._id} />
          ) : null}
        </Panel>
      </div>

      {order.isPaid && order.status === 'Processing' ? <CancelItemsPanel order={order} /> : null}
      {order.isPaid ? <RefundPanel orderId={order._id} /> : null}
      {order.isPaid ? <CreditNotesPanel orderId={order._id} /> : null}
      <ReturnsPanel orderId={order._id} />

      <section className="mt-6">
        <h2 className="mb-3 text-lg font-semibold">Items</h2>
        <Table caption="Items of this order" head={['Image', 'Name', 'Qty', 'Price']}>
          {order.orderItems.map((item) => (
            <tr key={item._id}>
              <td className={cellClass}>
                <ProductImage
                  src={item.image}
                  alt=""
                  width={48}
                  height={48}
                  sizes="48px"
                  className="rounded"
                />
              </td>
              <td className={cellClass}>
                {item.name}
                {item.colour || item.size ? (
                  <span className="block text-xs text-gray-700">
                    {[item.colour, item.size].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </td>
              <td className={cellClass}>{item.qty}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {rupees(item.price)}
                {item.discount > 0 ? (
                  <span className="block text-xs text-gray-700">−{item.discount}%</span>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      </section>

      <section className="mt-6">
        <h2 className="mb-3 text-lg font-semibold">Status History</h2>
        {order.statusHistory.length === 0 ? (
          <p className="text-sm text-gray-700">Placed and not moved since.</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {order.statusHistory.map((change) => (
              <li
                key={`${change.at}-${change.to}`}
                className="rounded border border-gray-200 bg-white px-4 py-2"
              >
                <span className="font-medium">
                  {change.from ? `${statusLabel(change.from)} → ` : ''}
                  {statusLabel(change.to)}
                </span>
                <span className="text-gray-700">
                  {' '}
                  · {formatDateTime(change.at)} ·{' '}
                  {change.by
                    ? `${change.by.name} (${change.by.email})`
                    : change.actor === 'system'
                      ? 'the shop'
                      : change.actor === 'shopper'
                        ? 'the shopper'
                        : 'an admin'}
                </span>
                {change.note ? <span className="block text-gray-700">{change.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
