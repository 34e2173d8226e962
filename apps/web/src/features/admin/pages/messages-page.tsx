import type { ContactFilter } from '@bazaar/shared/schemas/content';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContactMessages } from '../api/get-contact-messages';
import { FilterSelect } from '../components/filter-select';
import { Pager } from '../components/pager';
import { cellClass, Table } from '../components/table';
import { subjectLabel } from '../lib/contact-subject';
import { formatDateTime } from '../lib/format';

const FILTERS: { value: ContactFilter; label: string }[] = [
  { value: 'all', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export const messageUrl = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

/** The contact messages shoppers sent, newest first, unread ones marked (beyond the spec). */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const navigate = useNavigate();
  const [status, setStatus] = useState<ContactFilter>('all');
  const [page, setPage] = useState(1);
  const inbox = useContactMessages({ status, page });
  const data = inbox.data;

  return (
    <section>
      <h1 className="text-2xl font-semibold">Messages</h1>
      <p className="mt-2 text-sm text-gray-700" aria-live="polite">
        {data ? `${data.unread} unread ${data.unread === 1 ? 'message' : 'messages'}` : ' '}
      </p>
      <FilterSelect
        value={status}
        options={FILTERS}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {inbox.isPending ? (
        <Spinner size={32} label="Loading messages…" />
      ) : inbox.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(inbox.error, 'Failed to fetch messages.')}
        </p>
      ) : inbox.data.messages.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">No messages found.</p>
      ) : (
        <Table
          caption="Contact messages, newest first"
          head={['Received', 'From', 'Subject', 'Message', 'Status']}
        >
          {inbox.data.messages.map((message) => (
            <tr
              key={message._id}
              onClick={(event) => {
                if (!(event.target as HTMLElement).closest('a, button')) navigate(messageUrl(message._id));
              }}
              className={`cursor-pointer hover:bg-gray-50 ${message.read ? '' : 'bg-amber-50 font-semibold'}`}
            >
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(message.createdAt)}</td>
              <td className={cellClass}>
                <Link
                  to={messageUrl(message._id)}
                  className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {message.name}
                </Link>
                <div className="text-xs font-normal break-all text-gray-700">{message.email}</div>
              </td>
              <td className={cellClass}>{subjectLabel(message.subject)}</td>
              <td className={`${cellClass} max-w-xs truncate font-normal`}>{message.message}</td>
              <td className={cellClass}>
                {message.read ? (
                  <span className="font-normal text-gray-700">Read</span>
                ) : (
                  <span className="rounded bg-black px-2 py-0.5 text-xs text-white">New</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
    </section>
  );
}
