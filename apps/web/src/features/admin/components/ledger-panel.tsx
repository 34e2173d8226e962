import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useLedger } from '../api/get-ledger';
import { formatDateTime } from '../lib/format';
import { variantLabel } from '../lib/variant-rows';
import { Pager } from './pager';
import { cellClass, Table } from './table';

const REASONS: Record<string, string> = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  expiry: 'Payment time ended',
  return: 'Return',
  adjustment: 'Manual adjustment',
  import: 'Import',
  migration: 'Moved to variants',
};

/** One variant's inventory ledger, newest first: every change of its stock, who made it and why. */
export function LedgerPanel({ variantId, onClose }: { variantId: string; onClose(): void }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger(variantId, page);
  const headingId = `ledger-${variantId}`;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-gray-200 bg-white p-5">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {ledger.data
            ? `Ledger of ${ledger.data.productName} · ${variantLabel(ledger.data.variant)} (${ledger.data.variant.sku})`
            : 'Ledger'}
        </h2>
        <Button variant="outline" size="sm" onClick={onClose}>
          Close ledger
        </Button>
      </div>
      {ledger.isPending ? (
        <Spinner size={24} label="Loading the ledger…" />
      ) : ledger.isError ? (
        <p role="alert" className="text-brand-dark">
          {errorMessage(ledger.error, 'Failed to fetch the ledger.')}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm">In stock now: {ledger.data.variant.stock}</p>
          <Table
            caption="Stock changes, newest first"
            head={['When', 'Change', 'Reason', 'Stock after', 'By', 'Note']}
          >
            {ledger.data.entries.map((e) => (
              <tr key={e.id}>
                <td className={cellClass}>{formatDateTime(e.createdAt)}</td>
                <td className={cellClass}>{e.change > 0 ? `+${e.change}` : e.change}</td>
                <td className={cellClass}>{REASONS[e.reason] ?? e.reason}</td>
                <td className={cellClass}>{e.resultingStock}</td>
                <td className={cellClass}>{e.actor?.email ?? (e.orderId ? 'Order' : '—')}</td>
                <td className={cellClass}>{e.note ?? ''}</td>
              </tr>
            ))}
          </Table>
          <Pager page={ledger.data.page} pages={ledger.data.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
