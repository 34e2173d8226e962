import { Outlet } from 'react-router';
import { DemoShopBanner } from '@/components/ui/demo-shop-banner';
import { AlertLinkNotice } from '@/features/stock-alerts';
import { DisabledUntilHydrated } from './disabled-until-hydrated';
import { ScrollProgress } from './scroll-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBanner } from './top-banner';

/** Every storefront page: scroll bar, the demo shop's notice (if payments are simulated), banner, header, the page, footer. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded bg-black px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollProgress />
      <DemoShopBanner />
      <TopBanner />
      <SiteHeader />
      <DisabledUntilHydrated>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <AlertLinkNotice />
          {/* No Suspense boundary: a navigation keeps the page shown until the next one's chunk is
              here (the router's updates are transitions), and the server's HTML stays in one piece. */}
          <Outlet />
        </main>
        <SiteFooter />
      </DisabledUntilHydrated>
    </div>
  );
}
