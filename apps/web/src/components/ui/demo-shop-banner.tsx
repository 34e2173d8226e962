import { useShopSettings } from '@/lib/shop-settings';

/**
 * While payments go through the built-in sandbox, every page says so: nobody should take this shop's
 * "paid" for real money. Rendered by the server with the settings every page loads, so it is in the
 * first paint and nothing moves when the page hydrates.
 */
export function DemoShopBanner() {
  if (!useShopSettings()?.paymentsSimulated) return null;
  return (
    <p
      role="note"
      data-testid="demo-shop-banner"
      className="bg-yellow-300 px-4 py-1.5 text-center text-sm font-semibold text-black"
    >
      Demo shop — payments are simulated. No money is taken.
    </p>
  );
}
