import type { OrderStatus } from '@bazaar/shared/constants';

// Dark text on light tints: readable (WCAG AA) whatever the shop's colour.
const TONE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  'Awaiting confirmation': 'bg-yellow-100 text-yellow-900',
  Processing: 'bg-blue-100 text-blue-900',
  Shipped: 'bg-indigo-100 text-indigo-900',
  Delivered: 'bg-green-100 text-green-900',
  Completed: 'bg-emerald-100 text-emerald-900',
  Cancelled: 'bg-gray-200 text-gray-900',
  Returned: 'bg-orange-100 text-orange-900',
  'Partly returned': 'bg-orange-50 text-orange-900',
  'Returned to origin': 'bg-red-100 text-red-900',
  Refunded: 'bg-purple-100 text-purple-900',
};

/** An order's status as a small label; Pending reads "Pending (awaiting payment)" where there is room. */
export function OrderStatusBadge({ status, long = false }: { status: OrderStatus; long?: boolean }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {long ? statusLabel(status) : status}
    </span>
  );
}

/** The status with what it means where the name alone does not say it. */
export function statusLabel(status: OrderStatus): string {
  if (status === 'Pending') return 'Pending (awaiting payment)';
  if (status === 'Processing') return 'Processing (paid, to ship)';
  return status;
}
