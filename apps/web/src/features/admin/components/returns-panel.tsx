import type { ReturnRequest } from '@bazaar/shared/schemas/returns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { type ReturnMove, useMoveReturn, useOrderReturns, useReturnPhoto } from '../api/returns';
import { formatDateTime, rupeesWithPaise as rupees } from '../lib/format';

const STATUS: Record<ReturnRequest['status'], string> = {
  requested: 'Requested',
  approved: 'Approved: waiting for the goods',
  rejected: 'Rejected',
  received: 'Received: ready to refund',
  refunded: 'Refunded',
};

const DONE: Record<ReturnMove, string> = {
  approve: 'Return approved; the customer is told.',
  reject: 'Return rejected; the customer is told why.',
  receive: 'Goods received; their stock is back.',
  refund: 'Refund issued for the returned items.',
};

/** The admin order screen's returns: each request's items and reasons, and its next moves. */
export function ReturnsPanel({ orderId }: { orderId: string }) {
  const returns = useOrderReturns(orderId);
  if (!returns.data || returns.data.length === 0) return null;
  return (
    <section aria-labelledby="returns-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="returns-title" className="mb-3 text-lg font-semibold">
        Returns
      </h2>
      <div className="flex flex-col gap-4">
        {returns.data.map((r) => (
          <ReturnRow key={r._id} orderId={orderId} request={r} />
        ))}
      </div>
    </section>
  );
}

function ReturnRow({ orderId, request }: { orderId: string; request: ReturnRequest }) {
  const move = useMoveReturn(orderId);
  const photo = useReturnPhoto(request._id, request.hasPhoto);
  const [message, setMessage] = useState('');
  const act = async (to: ReturnMove) => {
    if (to === 'reject' && !message.trim()) {
      notify.error('Write the reason for the customer first.');
      return;
    }
    try {
      await move.mutateAsync({ id: request._id, move: to, message: message.trim() || undefined });
      notify.success(DONE[to]);
      setMessage('');
    } catch (error) {
      notify.error(errorMessage(error, 'The return could not be updated.'));
    }
  };
  return (
    <article
      aria-label={`Return of ${formatDateTime(request.createdAt)}`}
      className="rounded border border-gray-200 p-4 text-sm"
      data-return-status={request.status}
    >
      <p className="font-medium">
        {STATUS[request.status]} · asked {formatDateTime(request.createdAt)}
      </p>
      <ul className="mt-2">
        {request.items.map((item) => (
          <li key={item.orderItemId}>
            {item.name} × {item.quantity} — {item.reason}
            {item.refund !== null ? ` · ${rupees(item.refund)}` : ''}
          </li>
        ))}
      </ul>
      {photo ? (
        <a href={photo} target="_blank" rel="noreferrer" className="mt-2 inline-block">
          <img
            src={photo}
            alt="What the customer sent back, as they saw it"
            className="max-h-48 rounded border border-gray-200"
          />
        </a>
      ) : null}
      {request.adminNote ? <p className="mt-2 text-gray-700">Message: {request.adminNote}</p> : null}
      {request.refund !== null ? (
        <p className="mt-2">
          Refunded {rupees(request.refund)} ({request.refundStatus ?? 'nothing to pay back'})
        </p>
      ) : null}
      {request.status === 'requested' ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <FormField
            label="Message to the customer (required to reject)"
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button onClick={() => act('approve')} loading={move.isPending} disabled={move.isPending}>
            Approve
          </Button>
          <Button variant="outline" onClick={() => act('reject')} disabled={move.isPending}>
            Reject
          </Button>
        </div>
      ) : null}
      {request.status === 'approved' ? (
        <Button
          className="mt-3"
          onClick={() => act('receive')}
          loading={move.isPending}
          disabled={move.isPending}
        >
          Mark received
        </Button>
      ) : null}
      {request.status === 'received' ? (
        <Button
          className="mt-3"
          onClick={() => act('refund')}
          loading={move.isPending}
          disabled={move.isPending}
        >
          Refund returned items
        </Button>
      ) : null}
    </article>
  );
}
