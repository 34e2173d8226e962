import { ORDER_STATUSES, type OrderStatus } from '@bazaar/shared/constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteOrder } from '../api/delete-order';
import { useExportOrders } from '../api/export-orders';
import { useOrders } from '../api/get-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { FilterSelect } from '../components/filter-select';
import { OrderRow } from '../components/order-row';
import { statusLabel } from '../components/order-status-badge';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { SummaryCard } from '../components/summary-card';
import { Table } from '../components/table';
import { adminWrite } from '../lib/admin-write';

type StatusFilter = OrderStatus | 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

/**
 * Orders: the three counts, search across the spec's fields, a status filter,
 * the list by status rank, one editable row at a time, and the CSV export of
 * what is listed.
 */
export function OrdersPage() {
  useDocumentTitle('Orders');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim(), 250);
  const filter = { search: term || undefined, status: status === 'all' ? undefined : status };
  const orders = useOrders({ ...filter, page });
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();
  const exporting = useExportOrders();
  const data = orders.data;

  const closeRow = { onSuccess: () => setEditing(null) };
  const onUpdate = (orderId: string, orderStatus: OrderStatus) =>
    adminWrite(
      updateStatus,
      { orderId, orderStatus },
      { success: 'Order Status Updated Successfully', failure: 'Failed to update order status' },
      closeRow,
    );
  const onDelete = (orderId: string) =>
    adminWrite(
      deleteOrder,
      orderId,
      {
        confirm: 'Are you sure you want to delete this order?',
        success: 'Order deleted successfully',
        failure: 'Failed to delete order, please try again.',
      },
      closeRow,
    );
  const onExport = () =>
    exporting.mutate(filter, {
      onSuccess: () => notify.success('Orders downloaded'),
      onError: (error) => notify.error(errorMessage(error, 'Failed to export orders.')),
    });

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Orders</h1>
        <Button variant="outline" onClick={onExport} loading={exporting.isPending} disabled={!data?.total}>
          Export CSV
        </Button>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <SummaryCard label="Total Orders" value={data?.counts.total ?? '–'} />
        <SummaryCard label="Total Pending Orders" value={data?.counts.pending ?? '–'} />
        <SummaryCard label="Today's Orders" value={data?.counts.today ?? '–'} />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="mt-6 mb-4 w-full max-w-sm">
          <SearchBox
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            placeholder="Search Orders"
            label="Search orders by customer, address, payment or item"
          />
        </div>
        <FilterSelect
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      {orders.isPending ? (
        <Spinner size={32} label="Loading orders…" />
      ) : orders.isError ? (
        <p role="alert" className="text-brand-dark">
          {errorMessage(orders.error, 'Failed to fetch orders.')}
        </p>
      ) : data && data.orders.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">
          No Orders Found{term ? ` for "${term}"` : ''}
        </p>
      ) : (
        <Table caption="Orders" head={['Order ID', 'Username', 'Order Profile', 'Order Status', 'Actions']}>
          {data?.orders.map((order) => (
            <OrderRow
              key={order._id}
              order={order}
              editing={editing === order._id}
              busy={(updateStatus.isPending || deleteOrder.isPending) && editing === order._id}
              onEdit={() => setEditing(order._id)}
              onCancel={() => setEditing(null)}
              onUpdate={(next) => onUpdate(order._id, next)}
              onDelete={() => onDelete(order._id)}
            />
          ))}
        </Table>
      )}
      {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
    </section>
  );
}
