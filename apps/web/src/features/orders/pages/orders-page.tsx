import { CHECKOUT_MESSAGES, type OrderStatus } from '@bazaar/shared/constants';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyOrders } from '../api/get-my-orders';
import { OrderCard } from '../components/order-card';
import { ReturnsList } from '../components/returns-list';

/** Returned Orders: every order some or all of whose goods came back (lifecycle statuses, decision 221). */
const RETURNED_STATUSES: ReadonlySet<OrderStatus> = new Set(['Partly returned', 'Returned', 'Refunded']);

/**
 * My Orders (also the menus' Cancellations, Returned Orders and My Returns: `?show=cancelled`,
 * `returned`, `returns`): the shopper's orders, newest first, or their return requests.
 */
export function OrdersPage() {
  const [search] = useSearchParams();
  return search.get('show') === 'returns' ? <ReturnsList /> : <OrdersList show={search.get('show')} />;
}

function OrdersList({ show }: { show: string | null }) {
  const cancelledOnly = show === 'cancelled';
  const returnedOnly = show === 'returned';
  const title = cancelledOnly ? 'Cancellations' : returnedOnly ? 'Returned Orders' : 'My Orders';
  useDocumentTitle(title);
  const all = useMyOrders();
  const orders = {
    ...all,
    data: cancelledOnly
      ? all.data?.filter((o) => o.status === 'Cancelled')
      : returnedOnly
        ? all.data?.filter((o) => RETURNED_STATUSES.has(o.status))
        : all.data,
  } as typeof all;
  useEffect(() => {
    if (orders.isError) notify.error(CHECKOUT_MESSAGES.fetchOrdersFailed);
  }, [orders.isError]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/" className="hover:text-black">
          Home
        </Link>
        <span className="mx-2">/</span>
        <span className="text-black" aria-current="page">
          {title}
        </span>
      </nav>
      <h1 className="mt-8 text-3xl font-medium">{title}</h1>
      {orders.isPending ? (
        // A whole screen tall, as the route's own loader is (app/guards.tsx): the footer stays below the
        // fold while the shopper's data arrives, instead of jumping down when it does (layout shift).
        <div className="flex min-h-svh justify-center py-24">
          <Spinner size={40} label="Loading your orders…" />
        </div>
      ) : orders.isError ? (
        <p role="alert" className="py-16 text-center text-gray-700">
          {CHECKOUT_MESSAGES.fetchOrdersFailed}
        </p>
      ) : orders.data.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-xl font-medium">{CHECKOUT_MESSAGES.noOrders}</h2>
          <p className="mt-2 text-gray-600">{CHECKOUT_MESSAGES.noOrdersHint}</p>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-6">
          {orders.data.map((order) => (
            <OrderCard key={order._id} order={order} />
          ))}
        </div>
      )}
    </section>
  );
}
