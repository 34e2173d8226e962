import { useShopSettings } from '@/lib/shop-settings';

/**
 * The product page's returns note, from the shop's return window (days after delivery a shopper may
 * ask to return goods); the spec's 3 days while the settings load.
 */
export function ReturnWindowNote() {
  const days = useShopSettings()?.returnWindowDays ?? 3;
  return (
    <li className="flex items-center gap-4 p-4" data-return-window={days}>
      <svg
        width={32}
        height={32}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" />
      </svg>
      {days > 0 ? (
        <div>
          <p className="font-medium">Return within {days === 1 ? '1 day' : `${days} days`}</p>
          <p className="text-xs text-gray-600">
            Free returns within {days === 1 ? '1 day' : `${days} days`} of delivery.
          </p>
        </div>
      ) : (
        <div>
          <p className="font-medium">No returns</p>
          <p className="text-xs text-gray-600">This shop does not take goods back after delivery.</p>
        </div>
      )}
    </li>
  );
}
