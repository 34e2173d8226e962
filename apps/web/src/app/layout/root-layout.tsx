import { memo } from 'react';
import { Outlet } from 'react-router';
import { Deferred, DeferredPart } from '@/components/deferred';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { loadAlertLinkNotice } from '@/features/stock-alerts';
import { useShopSettings } from '@/lib/shop-settings';
import { SiteHeader } from './site-header';

const extras = () => import('./layout-extras');
const scrollProgress = new DeferredPart<object>(() => extras().then((m) => m.ScrollProgress));
const demoShopBanner = new DeferredPart<object>(() => extras().then((m) => m.DemoShopBanner));
const topBanner = new DeferredPart<object>(() => extras().then((m) => m.TopBanner));
const siteFooter = new DeferredPart<object>(() => extras().then((m) => m.SiteFooter));
const alertLinkNotice = new DeferredPart<object>(loadAlertLinkNotice);
const NO_PROPS = {};

// Memoised, as the layout re-renders with every page: React would otherwise give up hydrating the
// server's HTML of a part whose chunk is not here yet, and show its placeholder instead.
const ScrollProgress = memo(function ScrollProgress() {
  // Fixed above the page: it takes no room.
  return <Deferred part={scrollProgress} props={NO_PROPS} placeholder={null} />;
});
// Most pages show no notice; one that does (an alert mail's link) shows the server's until it hydrates.
const AlertLinkNotice = memo(function AlertLinkNotice() {
  return <Deferred part={alertLinkNotice} props={NO_PROPS} placeholder={null} />;
});
/** The demo notice's room (one line of text-sm, py-1.5), kept while its code loads. */
function DemoShopBannerRoom() {
  return useShopSettings()?.paymentsSimulated ? <div className="h-8 bg-yellow-300" /> : null;
}
const DemoShopBanner = memo(function DemoShopBanner() {
  return <Deferred part={demoShopBanner} props={NO_PROPS} placeholder={<DemoShopBannerRoom />} />;
});
const TopBanner = memo(function TopBanner() {
  return <Deferred part={topBanner} props={NO_PROPS} placeholder={<div className="h-[50px] bg-black" />} />;
});
const SiteFooter = memo(function SiteFooter() {
  return (
    <Deferred part={siteFooter} props={NO_PROPS} placeholder={<div className="mt-16 h-96 bg-black" />} />
  );
});

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
