import { formatINR } from '@bazaar/shared/money';
import type { ReturnRequest } from '@bazaar/shared/schemas/returns';
import { Link } from 'react-router';

const moment = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

export const RETURN_STATUS_TEXT: Record<ReturnRequest['status'], string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received by the shop',
  refunded: 'Refunded',
};

/** One return request as its shopper sees it: items, status, the shop's message and the refund. */
export function ReturnRequestCard({
  request,
  withOrderLink = false,
}: {
  request: ReturnRequest;
  withOrderLink?: boolean;
}) {
  return (
    <article
      className="rounded border border-gray-200 bg-white p-4 text-sm"
      data-return-status={request.status}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {withOrderLink ? (
            <Link to={`/orders/${request.orderId}`} className="underline underline-offset-4">
              Order #{request.orderNumber}
            </Link>
          ) : (
            `Return of ${moment.format(new Date(request.createdAt))}`
          )}
        </p>
        <p className="font-medium">{RETURN_STATUS_TEXT[request.status]}</p>
      </header>
      <ul className="mt-2">
        {request.items.map((item) => (
          <li key={item.orderItemId}>
            {item.name} × {item.quantity} <span className="text-gray-600">— {item.reason}</span>
          </li>
        ))}
      </ul>
      {request.adminNote ? <p className="mt-2 text-gray-700">From the shop: {request.adminNote}</p> : null}
      {request.refund !== null ? (
        <p className="mt-2 font-medium" data-return-refund="">
          Refund: {formatINR(request.refund)}
          {request.refundStatus === 'pending'
            ? ' (on its way)'
            : request.refundStatus === 'failed'
              ? ' (failed)'
              : ''}
        </p>
      ) : null}
    </article>
  );
}
