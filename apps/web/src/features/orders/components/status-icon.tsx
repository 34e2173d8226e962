import type { OrderStatus } from '@bazaar/shared/constants';

const PATHS: Partial<Record<OrderStatus, string>> = {
  Delivered: 'M20 6 9 17l-5-5',
  Completed: 'M20 6 9 17l-5-5',
  Shipped:
    'M3 7h11v9H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  Processing: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  Cancelled: 'm15 9-6 6M9 9l6 6M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  Returned: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  'Partly returned': 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  Refunded: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  Pending: 'M2 7h20v10H2zM2 11h20M6 15h4',
};
/** Any other status gets a neutral dot, as the spec says. */
const NEUTRAL = 'M12 12h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z';

const COLOURS: Partial<Record<OrderStatus, string>> = {
  Delivered: 'text-green-700',
  Completed: 'text-green-700',
  Shipped: 'text-blue-700',
  Processing: 'text-amber-700',
  Cancelled: 'text-red-700',
  Returned: 'text-gray-700',
  'Partly returned': 'text-orange-700',
  Refunded: 'text-gray-700',
  Pending: 'text-amber-800',
};

/** The status icon of an order (decorative: its text says the status). */
export function StatusIcon({ status }: { status: OrderStatus }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={COLOURS[status] ?? 'text-gray-600'}
    >
      <path d={PATHS[status] ?? NEUTRAL} />
    </svg>
  );
}

/** What a shopper reads for each status; Pending is an order waiting for its payment. */
export function statusText(status: OrderStatus): string {
  return status === 'Pending' ? 'Awaiting payment' : status;
}
