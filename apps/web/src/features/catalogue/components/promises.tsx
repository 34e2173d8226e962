import { formatINR, paiseToRupees } from '@bazaar/shared/money';
import { DEFAULT_PRICING } from '@bazaar/shared/pricing';
import type { ReactNode } from 'react';
import { useShopSettings } from '@/lib/shop-settings';

const promises = (freeFrom: number | null): { title: string; text: string; icon: ReactNode }[] => [
  {
    title: freeFrom === null ? 'FAST DELIVERY' : 'FREE AND FAST DELIVERY',
    text:
      freeFrom === null
        ? 'Delivered to your door'
        : `Free delivery for all orders over ${formatINR(freeFrom)}`,
    icon: (
      <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7M7 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
    ),
  },
  {
    title: '24/7 CUSTOMER SERVICE',
    text: 'Friendly 24/7 customer support',
    icon: (
      <path d="M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H5a1 1 0 0 1-1-1v-4ZM20 13h-3v5h2a1 1 0 0 0 1-1v-4ZM17 18c0 1.5-2 2.5-5 2.5" />
    ),
  },
  {
    title: 'MONEY BACK GUARANTEE',
    text: 'We return money within 30 days',
    icon: <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3ZM9 12l2 2 4-4" />,
  },
];

/** The home page's three promises; free delivery from the shop settings' threshold. */
export function Promises() {
  const settings = useShopSettings();
  // The default delivery zone's threshold (null: delivery is never free there).
  const freeFrom = settings
    ? settings.freeShippingThreshold
    : paiseToRupees(DEFAULT_PRICING.freeShippingThresholdPaise!);
  return (
    <section aria-label="Our promises" className="mx-auto grid max-w-5xl gap-10 px-4 py-16 sm:grid-cols-3">
      {promises(freeFrom).map((promise) => (
        <div key={promise.title} className="flex flex-col items-center text-center">
          <span className="flex size-20 items-center justify-center rounded-full bg-gray-300">
            <span className="flex size-14 items-center justify-center rounded-full bg-black text-white">
              <svg
                width={32}
                height={32}
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.6}
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {promise.icon}
              </svg>
            </span>
          </span>
          <h3 className="mt-6 text-lg font-semibold">{promise.title}</h3>
          <p className="mt-2 text-sm">{promise.text}</p>
        </div>
      ))}
    </section>
  );
}
