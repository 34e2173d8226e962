import { MESSAGE_STATUSES, type MessagePurpose, type MessageStatus } from '@bazaar/shared/schemas/messages';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOutbox } from '../api/get-outbox';
import { FilterSelect } from '../components/filter-select';
import { MESSAGE_STATUS_LABELS, MessageStatusBadge } from '../components/message-status-badge';
import { Pager } from '../components/pager';
import { cellClass, Table } from '../components/table';
import { TestMessageForm } from '../components/test-message-form';
import { formatDateTime } from '../lib/format';

const PURPOSES: Record<MessagePurpose, string> = {
  order_placed: 'Order placed',
  cod_confirmation: 'COD confirmation',
  payment_link: 'Payment link',
  order_shipped: 'Shipped',
  order_cancelled: 'Cancelled',
  refund_issued: 'Refund',
  order_delivered: 'Delivered',
  return_requested: 'Return requested',
  return_to_review: 'Return to review',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  stock_alert_confirm: 'Stock alert: confirm',
  back_in_stock: 'Back in stock',
  test: 'Test',
};

const PROVIDERS = {
  whatsapp: 'WhatsApp messages are sent through the WhatsApp Cloud API.',
  log: 'WhatsApp messages are recorded here, not sent (MESSAGING_PROVIDER=log): no WhatsApp account is set up.',
  none: 'WhatsApp messages are turned off (MESSAGING_PROVIDER=none): only mail goes out.',
} as const;

/** The outbox: every message to shoppers (mail, WhatsApp) with its delivery status, newest first. */
export function OutboxPage() {
  useDocumentTitle('Outbox');
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const [page, setPage] = useState(1);
  const outbox = useOutbox({ status: status || undefined, page });
  const counts = outbox.data?.counts;
  const options = [
    { value: '' as const, label: 'Every message' },
    ...MESSAGE_STATUSES.map((s) => ({
      value: s,
      label: `${MESSAGE_STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`,
    })),
  ];
  return (
    <section>
      <h1 className="text-2xl font-semibold">Outbox</h1>
      <p className="mt-2 text-sm text-gray-700">
        Messages to shoppers by mail and WhatsApp, with what became of each. A message whose attempt got no
        answer is <strong>Unknown</strong>: it may have arrived, so it is never sent twice.
      </p>
      {outbox.data ? (
        <p className="mt-2 text-sm text-gray-700">{PROVIDERS[outbox.data.phoneProvider]}</p>
      ) : null}
      {outbox.data && outbox.data.phoneProvider !== 'none' ? <TestMessageForm /> : null}
      <FilterSelect
        value={status}
        options={options}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {outbox.isPending ? (
        <Spinner size={32} label="Loading the outbox…" />
      ) : outbox.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(outbox.error, 'Failed to fetch the outbox.')}
        </p>
      ) : outbox.data.messages.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">No messages yet.</p>
      ) : (
        <Table
          caption="Messages to shoppers, newest first"
          head={['When', 'To', 'What', 'Status', 'Details']}
        >
          {outbox.data.messages.map((message) => (
            <tr key={message._id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(message.createdAt)}</td>
              <td className={cellClass}>
                <span className="block text-xs text-gray-700">
                  {message.channel === 'email' ? 'Mail' : 'WhatsApp'}
                </span>
                {message.recipient}
              </td>
              <td className={cellClass}>
                <details>
                  <summary className="cursor-pointer">{PURPOSES[message.purpose]}</summary>
                  <p className="mt-1 max-w-md whitespace-pre-line text-xs text-gray-800">{message.body}</p>
                </details>
              </td>
              <td className={cellClass}>
                <MessageStatusBadge status={message.status} />
              </td>
              <td className={`${cellClass} text-xs text-gray-800`}>{details(message)}</td>
            </tr>
          ))}
        </Table>
      )}
      {outbox.data ? <Pager page={page} pages={outbox.data.pages} onPage={setPage} /> : null}
    </section>
  );
}

function details(message: {
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  sentAt: string | null;
  provider: string | null;
}): string {
  const parts = [`${message.attempts} attempt${message.attempts === 1 ? '' : 's'}`];
  if (message.provider) parts.push(`via ${message.provider}`);
  if (message.deliveredAt) parts.push(`delivered ${formatDateTime(message.deliveredAt)}`);
  else if (message.sentAt) parts.push(`sent ${formatDateTime(message.sentAt)}`);
  if (message.nextAttemptAt && message.attempts > 0)
    parts.push(`next try ${formatDateTime(message.nextAttemptAt)}`);
  if (message.lastError) parts.push(message.lastError);
  return parts.join(' · ');
}
