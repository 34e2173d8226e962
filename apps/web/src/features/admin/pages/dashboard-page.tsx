import { DASHBOARD_RECENT_DAYS, DASHBOARD_REVENUE_DAYS } from '@bazaar/shared/schemas/dashboard';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import { LowStockList } from '../components/low-stock-list';
import { RecentOrdersTable } from '../components/recent-orders-table';
import { SummaryCard } from '../components/summary-card';
import { cellClass, Table } from '../components/table';
import { compactRupees, formatCalendarDate } from '../lib/format';

// The chart library is large; the figures show while it loads.
const RevenueChart = lazy(() => import('../components/revenue-chart'));

const linkClass =
  'rounded-sm font-medium text-brand-dark underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The dashboard: revenue, orders, products and users; the last week's orders; revenue per day for a month. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner size={32} label="Loading the dashboard…" />;
  if (dashboard.isError) {
    return (
      <p role="alert" className="text-brand-dark">
        {errorMessage(dashboard.error, 'Failed to load the dashboard.')}
      </p>
    );
  }
  const d = dashboard.data;
  return (
    <section>
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <SummaryCard label="Revenue" value={compactRupees(d.revenue)}>
          <p className="text-gray-700">Paid orders, less cancelled, refunded and returned ones</p>
        </SummaryCard>
        <SummaryCard label="Total Orders" value={d.orders.total}>
          <p className="mb-2 text-gray-700">
            {d.orders.pending} awaiting payment · {d.orders.toShip} to ship · {d.orders.today} today
          </p>
          <Link to="/admin/orders" className={linkClass}>
            Manage Orders
          </Link>
        </SummaryCard>
        <SummaryCard label="Total Products" value={d.products}>
          <Link to="/admin/products" className={linkClass}>
            Manage Products
          </Link>
        </SummaryCard>
        <SummaryCard label="Users" value={d.users.total}>
          <p className="mb-2 text-gray-700">
            {d.users.admins} {d.users.admins === 1 ? 'admin' : 'admins'}
          </p>
          <Link to="/admin/users" className={linkClass}>
            Manage Users
          </Link>
        </SummaryCard>
      </div>

      <section
        aria-labelledby="revenue-heading"
        className="mt-8 rounded-lg border border-gray-200 bg-white p-5"
      >
        <h2 id="revenue-heading" className="text-lg font-semibold">
          Revenue, last {DASHBOARD_REVENUE_DAYS} days
        </h2>
        <Suspense fallback={<Spinner size={24} label="Loading the chart…" />}>
          <RevenueChart days={d.revenueByDay} />
        </Suspense>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded-sm text-gray-800 focus-visible:outline-2 focus-visible:outline-brand">
            Revenue per day as a table
          </summary>
          <div className="mt-3 max-h-72 overflow-y-auto">
            <Table caption="Revenue per day" head={['Day', 'Revenue', 'Paid orders']}>
              {d.revenueByDay.map((day) => (
                <tr key={day.date}>
                  <td className={cellClass}>{formatCalendarDate(day.date)}</td>
                  <td className={cellClass}>{compactRupees(day.revenue)}</td>
                  <td className={cellClass}>{day.orders}</td>
                </tr>
              ))}
            </Table>
          </div>
        </details>
      </section>

      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold">
          Recent Orders
        </h2>
        {d.recentOrders.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">
            No orders in the last {DASHBOARD_RECENT_DAYS} days.
          </p>
        ) : (
          <>
            <RecentOrdersTable orders={d.recentOrders} />
            {d.orders.lastWeek > d.recentOrders.length ? (
              <p className="mt-2 text-sm text-gray-700">
                The newest {d.recentOrders.length} of {d.orders.lastWeek} orders this week.{' '}
                <Link to="/admin/orders" className={linkClass}>
                  All orders
                </Link>
              </p>
            ) : null}
          </>
        )}
      </section>
      <LowStockList rows={d.lowStock} />
    </section>
  );
}
