import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DemoShopBanner } from '@/components/ui/demo-shop-banner';
import { AlertLinkNotice } from '@/features/stock-alerts';
import { useHydrated } from '@/lib/use-hydrated';
import { ScrollProgress } from './scroll-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBanner } from './top-banner';

/**
 * Until the page runs, its form controls are disabled: a field typed into before hydration would be
 * reset by its form, and a form sent then would go to the server as a plain GET. Links work. A
 * component of its own, so the re-render hydration ends with (done at once, in one task) is this
 * fieldset alone and not the whole page.
 */
function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}

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
