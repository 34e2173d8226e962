import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContactMessage } from '../api/get-contact-message';
import { useMarkContactMessage } from '../api/mark-contact-message';
import { subjectLabel } from '../lib/contact-subject';
import { formatDateTime } from '../lib/format';

/** One contact message: opening it marks it read; it can be marked unread again, or answered by email. */
export function MessagePage() {
  useDocumentTitle('Message');
  const { messageId = '' } = useParams();
  const message = useContactMessage(messageId);
  const mark = useMarkContactMessage();
  const markedOnOpen = useRef(false);
  const data = message.data;

  useEffect(() => {
    if (data && !data.read && !markedOnOpen.current) {
      markedOnOpen.current = true;
      mark.mutate({ id: data._id, read: true });
    }
  }, [data, mark]);

  const toggle = () => {
    if (!data) return;
    mark.mutate(
      { id: data._id, read: !data.read },
      {
        onSuccess: (updated) => notify.success(updated.read ? 'Marked as read' : 'Marked as unread'),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update the message.')),
      },
    );
  };

  return (
    <section>
      <Link
        to="/admin/messages"
        className="rounded-sm text-sm font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand"
      >
        Back to messages
      </Link>
      {message.isPending ? (
        <Spinner size={32} label="Loading the message…" />
      ) : message.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          {errorMessage(message.error, 'Failed to fetch the message.')}
        </p>
      ) : (
        <article className="mt-4 rounded-lg border border-gray-200 bg-white p-6">
          <h1 className="text-2xl font-semibold">{subjectLabel(message.data.subject)}</h1>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-gray-700">From</dt>
            <dd>
              {message.data.name} &lt;{message.data.email}&gt;
              {message.data.userId ? ' (signed in)' : ''}
            </dd>
            <dt className="text-gray-700">Received</dt>
            <dd>{formatDateTime(message.data.createdAt)}</dd>
            <dt className="text-gray-700">Order number</dt>
            <dd>{message.data.orderNumber ?? '—'}</dd>
            <dt className="text-gray-700">Status</dt>
            <dd>{message.data.read ? 'Read' : 'Unread'}</dd>
          </dl>
          <h2 className="sr-only">Message</h2>
          <p className="mt-6 border-t border-gray-200 pt-6 leading-relaxed break-words whitespace-pre-wrap">
            {message.data.message}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={`mailto:${message.data.email}?subject=${encodeURIComponent(`Re: ${subjectLabel(message.data.subject)}`)}`}
              className={buttonClasses('dark', 'md')}
            >
              Reply by email
            </a>
            <Button variant="outline" onClick={toggle} loading={mark.isPending}>
              {message.data.read ? 'Mark as unread' : 'Mark as read'}
            </Button>
          </div>
        </article>
      )}
    </section>
  );
}
