import type { ReturnRequest } from '@bazaar/shared/schemas/returns';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAllReturns } from '../api/returns';
import { FilterSelect } from '../components/filter-select';
import { Pager } from '../components/pager';
import { cellClass, Table } from '../components/table';
import { formatDateTime, rupeesWithPaise as rupees } from '../lib/format';

type Show = ReturnRequest['status'] | 'all';

const SHOW: readonly { value: Show; label: string }[] = [
  { value: 'all', label: 'All returns' },
  { value: 'requested', label: 'Requested (to answer)' },
  { value: 'approved', label: 'Approved (goods on their way)' },
  { value: 'received', label: 'Received (to refund)' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'rejected', label: 'Rejected' },
];

/** Every order's return requests, newest first, a page at a time, by status; each links to its order. */
export function ReturnsPage() {
  useDocumentTitle('Returns');
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const returns = useAllReturns(show === 'all' ? undefined : show, page);
  const data = returns.data;
  return (
    <section>
      <h1 className="text-2xl font-semibold">Returns</h1>
      <FilterSelect
        value={show}
        options={SHOW}
        onChange={(value) => {
          setShow(value);
          setPage(1);
        }}
      />
      {returns.isPending ? (
        <Spinner label="Loading returns…" />
      ) : returns.isError || !data ? (
        <p role="alert">The returns could not be loaded.</p>
      ) : data.returns.length === 0 ? (
        <p className="text-gray-700">No return requests here.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-gray-700">
            {data.total} return request{data.total === 1 ? '' : 's'}
          </p>
          <Table caption="Return requests" head={['Order', 'Customer', 'Items', 'Status', 'Refund', 'Asked']}>
            {data.returns.map((r) => (
              <tr key={r._id} data-return-id={r._id}>
                <td className={cellClass}>
                  <Link
                    to={`/admin/orders/order/${encodeURIComponent(r.orderId)}`}
                    className="font-mono text-brand underline"
                  >
                    #{r.orderNumber}
                  </Link>
                </td>
                <td className={cellClass}>
                  {r.customer?.name}
                  <span className="block text-xs text-gray-700">{r.customer?.email}</span>
                </td>
                <td className={cellClass}>
                  {r.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}
                  {r.hasPhoto ? <span className="block text-xs text-gray-700">Photo attached</span> : null}
                </td>
                <td className={cellClass} data-return-status={r.status}>
                  {r.status}
                </td>
                <td className={cellClass}>{r.refund === null ? '—' : rupees(r.refund)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
              </tr>
            ))}
          </Table>
          <Pager page={data.page} pages={data.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
