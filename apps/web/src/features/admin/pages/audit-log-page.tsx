import type { AuditLogParams } from '@bazaar/shared/schemas/admin';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuditLog } from '../api/get-audit-log';
import { FilterSelect } from '../components/filter-select';
import { Pager } from '../components/pager';
import { cellClass, Table } from '../components/table';
import { formatDateTime } from '../lib/format';

type Entity = NonNullable<AuditLogParams['entity']>;
const ENTITIES: { value: Entity | ''; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'user', label: 'Users' },
  { value: 'product', label: 'Products' },
  { value: 'order', label: 'Orders' },
  { value: 'coupon', label: 'Coupons' },
  { value: 'settings', label: 'Shop settings' },
  { value: 'delivery', label: 'Delivery zones' },
  { value: 'newsletter', label: 'Newsletter' },
];

/** The audit log: who changed what and when, newest first (beyond the spec). */
export function AuditLogPage() {
  useDocumentTitle('Audit log');
  const [entity, setEntity] = useState<Entity | ''>('');
  const [page, setPage] = useState(1);
  const log = useAuditLog({ entity: entity || undefined, page });
  return (
    <section>
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <p className="mt-2 text-sm text-gray-700">
        Every change made in the admin, with the figures before and after.
      </p>
      <FilterSelect
        value={entity}
        options={ENTITIES}
        onChange={(value) => {
          setEntity(value);
          setPage(1);
        }}
      />
      {log.isPending ? (
        <Spinner size={32} label="Loading the audit log…" />
      ) : log.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(log.error, 'Failed to fetch the audit log.')}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">No changes recorded yet.</p>
      ) : (
        <Table caption="Admin changes, newest first" head={['When', 'Who', 'What', 'Change']}>
          {log.data.entries.map((entry) => (
            <tr key={entry._id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
              <td className={cellClass}>{entry.actor.email}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
              <td className={cellClass}>{entry.summary}</td>
            </tr>
          ))}
        </Table>
      )}
      {log.data ? <Pager page={page} pages={log.data.pages} onPage={setPage} /> : null}
    </section>
  );
}
