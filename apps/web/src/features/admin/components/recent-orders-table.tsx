import type { AdminOrderSummary } from '@bazaar/shared/schemas/order-admin';
import { Link, useNavigate } from 'react-router';
import { formatDay, roundedRupees } from '../lib/format';
import { OrderStatusBadge } from './order-status-badge';
import { cellClass, Table } from './table';
import { TestOrderBadge } from './test-order-badge';

const linkClass =
  'rounded-sm font-mono text-xs text-gray-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The dashboard's Recent Orders: id, date (dd/mm/yyyy), status and rounded total; a row opens the order. */
export function RecentOrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table caption="Recent orders" head={['Order ID', 'Order Date', 'Order Status', 'Total Price']}>
      {orders.map((order) => (
        <tr
          key={order._id}
          className="cursor-pointer hover:bg-gray-50"
          onClick={() => navigate(`/admin/orders/order/${order._id}`)}
        >
          <td className={`${cellClass} break-all`}>
            <Link to={`/admin/orders/order/${order._id}`} className={linkClass}>
              {order._id}
            </Link>
            {order.isTest ? <TestOrderBadge /> : null}
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatDay(order.createdAt)}</td>
          <td className={cellClass}>
            <OrderStatusBadge status={order.status} />
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{roundedRupees(order.totalPrice)}</td>
        </tr>
      ))}
    </Table>
  );
}
