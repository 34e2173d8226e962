import { CHECKOUT_MESSAGES } from '@bazaar/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  type IndexRouteObject,
  matchRoutes,
  Navigate,
  type NavigateFunction,
  type NonIndexRouteObject,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';
import { Deferred, DeferredPart } from '@/components/deferred';
import { searchPath } from '@/features/catalogue';
import { HELP_ARTICLE_SLUGS, POLICY_PATHS } from '@/features/content';
import { notFound, type PageLoader as PageDataLoader, type PageLoadResult } from '@/lib/page-data';
import { shopSettingsQueryOptions } from '@/lib/shop-settings';
import { checkDelivery } from './deferred-delivery';
import { PageLoader, RequireAuth } from './guards';
import { lazyWithReload } from './layout/lazy-with-reload';
import { RootLayout } from './layout/root-layout';
import { type LazyPage, lazyPage, PageView } from './lazy-page';
import { ScrollRestoration } from './scroll-restoration';

/**
 * A route of the shop's one table, read by the server (to match a URL, load its pages and their
 * data, and answer 404 or a redirect) and by the browser's declarative router (`useRoutes`):
 *  - `page`: a lazily loaded page (its module's component, and its `loader` when it has data);
 *  - `data`: what the route itself loads or says (the shop's settings, a 404, a redirect).
 */
type ShopRouteFields = { page?: LazyPage; data?: PageDataLoader };
export type ShopRoute =
  | (IndexRouteObject & ShopRouteFields)
  | (Omit<NonIndexRouteObject, 'children'> & ShopRouteFields & { children?: ShopRoute[] });

function route(path: string, page: LazyPage): ShopRoute {
  return { path, element: <PageView page={page} />, page };
}

/** The header search's form without JavaScript: /search?q=… goes to the results page (home when empty). */
const searchFormTarget = (url: URL) => searchPath(url.searchParams.get('q') ?? '') ?? '/';

function SearchForm() {
  const location = useLocation();
  return <Navigate to={searchFormTarget(new URL(location.search, window.location.href))} replace />;
}

/** Every storefront page shows the shop's settings (name, contacts, theme colour). */
const shopData: PageDataLoader = async ({ queryClient }) => {
  await queryClient.prefetchQuery(shopSettingsQueryOptions());
  return undefined;
};

function AuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

/** Checkout tells a guest the spec's 'Please login first' on the way to /login. */
function CheckoutOutlet() {
  return (
    <RequireAuth guestMessage={CHECKOUT_MESSAGES.loginFirst}>
      <Outlet />
    </RequireAuth>
  );
}

// The admin area's gate (admins only) loads as a part of its own: the server renders it, and an admin
// page hydrates once it is here; no storefront page carries its code (issue 27).
const adminRoot = new DeferredPart<object>(() => import('./admin-root').then((m) => m.AdminRoot));
function AdminRoot() {
  return <Deferred part={adminRoot} props={NO_PROPS} placeholder={<PageLoader />} />;
}
const NO_PROPS = {};

const catalogue = {
  home: lazyPage(() => import('@/features/catalogue/pages/home-page'), 'HomePage'),
  listing: lazyPage(() => import('@/features/catalogue/pages/listing-page'), 'ListingPage'),
  search: lazyPage(() => import('@/features/catalogue/pages/search-page'), 'SearchPage'),
  product: lazyPage(() => {
    void checkDelivery.preload();
    return import('@/features/catalogue/pages/product-page');
  }, 'ProductPage'),
};
const account = {
  login: lazyPage(() => import('@/features/account/pages/login-page'), 'LoginPage'),
  register: lazyPage(() => import('@/features/account/pages/register-page'), 'RegisterPage'),
  profile: lazyPage(() => import('@/features/account/pages/profile-page'), 'ProfilePage'),
  forgot: lazyPage(() => import('@/features/account/pages/forgot-password-page'), 'ForgotPasswordPage'),
  reset: lazyPage(() => import('@/features/account/pages/reset-password-page'), 'ResetPasswordPage'),
};
const content = {
  contact: lazyPage(() => import('@/features/content/pages/contact-page'), 'ContactPage'),
  faq: lazyPage(() => import('@/features/content/pages/faq-page'), 'FaqPage'),
  help: lazyPage(() => import('@/features/content/pages/help-page'), 'HelpPage'),
  article: lazyPage(() => import('@/features/content/pages/help-article-page'), 'HelpArticlePage'),
  policy: lazyPage(() => import('@/features/content/pages/policy-page'), 'PolicyPage'),
  about: lazyPage(() => import('@/features/content/pages/about-page'), 'AboutPage'),
};
const orders = {
  list: lazyPage(() => import('@/features/orders/pages/orders-page'), 'OrdersPage'),
  details: lazyPage(() => import('@/features/orders/pages/order-details-page'), 'OrderDetailsPage'),
  confirmCod: lazyPage(() => import('@/features/orders/pages/confirm-cod-page'), 'ConfirmCodPage'),
};
// A page as the others are: its code is not in the first load of every other page (issue 27).
const notFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');
const checkout = lazyPage(() => import('@/features/checkout/pages/checkout-page'), 'CheckoutPage');
// The admin area is one lazily loaded chunk with its own routes, fetched only once RequireAdmin lets the
// visitor in (a `page` of the table would be loaded, and preloaded, on every match).
const AdminArea = lazyWithReload(() => import('@/features/admin/pages/admin-area'));

export const routes: ShopRoute[] = [
  {
    path: '/',
    Component: RootLayout,
    data: shopData,
    children: [
      { index: true, element: <PageView page={catalogue.home} />, page: catalogue.home },
      route('Home', catalogue.home),
      route('products', catalogue.listing),
      route('categories/:category/:subCategory?/:option?/:subOption?', catalogue.listing),
      {
        path: 'search',
        Component: SearchForm,
        data: async ({ url }) => ({ redirect: searchFormTarget(url) }),
      },
      route('search/:searchTerm', catalogue.search),
      route('product/:productId', catalogue.product),
      route('login', account.login),
      route('register', account.register),
      route('forgot-password', account.forgot),
      route('reset-password/:token', account.reset),
      route(
        'wishlist',
        lazyPage(() => import('@/features/wishlist/pages/wishlist-page'), 'WishlistPage'),
      ),
      route(
        'cart',
        lazyPage(() => {
          void checkDelivery.preload();
          return import('@/features/cart/pages/cart-page');
        }, 'CartPage'),
      ),
      route('contact', content.contact),
      route('contact-us', content.contact),
      route('faq', content.faq),
      route('help', content.help),
      route('about', content.about),
      route('confirm-cod', orders.confirmCod),
      route(
        'newsletter/unsubscribe',
        lazyPage(() => import('@/features/newsletter/pages/unsubscribe-page'), 'UnsubscribePage'),
      ),
      ...Object.keys(POLICY_PATHS).map((path) => route(path, content.policy)),
      ...HELP_ARTICLE_SLUGS.map((path) => route(path, content.article)),
      {
        Component: AuthOutlet,
        children: [
          route('profile', account.profile),
          route('orders', orders.list),
          route(
            'alerts',
            lazyPage(() => import('@/features/stock-alerts/pages/my-alerts-page'), 'MyAlertsPage'),
          ),
          route('orders/:orderId', orders.details),
        ],
      },
      {
        Component: CheckoutOutlet,
        children: [route('cart/checkout', checkout), route('checkout', checkout)],
      },
      // Unknown addresses: the not-found page, with HTTP status 404.
      {
        path: '*',
        element: <PageView page={notFoundPage} />,
        page: notFoundPage,
        data: async () => notFound(),
      },
    ],
  },
  {
    Component: AdminRoot,
    children: [
      { path: 'iamadmin', element: <Navigate to="/admin" replace /> },
      { path: 'admin/*', Component: AdminArea },
    ],
  },
];

/** The routes a path matches, outermost first (none: not one of the shop's). */
export function matchShopRoutes(pathname: string) {
  return matchRoutes<ShopRoute>(routes, pathname) ?? [];
}

/** The modules of the pages a path shows, loaded: before hydrating, a page still loading would not match the server's HTML. */
export function loadPages(pathname: string) {
  return Promise.all(
    matchShopRoutes(pathname).flatMap(({ route }) => (route.page ? [route.page.load()] : [])),
  );
}

/**
 * Runs what a URL's routes load (lib/page-data.ts), in parallel, each page's loader once its module is
 * here, into `queryClient`; says the first redirect, else a 404 if any route found nothing.
 */
export async function loadPageData(url: URL, queryClient: QueryClient): Promise<PageLoadResult> {
  const results = await Promise.all(
    matchShopRoutes(url.pathname).map(async ({ route, params }) => {
      const args = { params, url, queryClient };
      const [own, page] = await Promise.all([route.data?.(args), route.page?.load()]);
      return own ?? (await page?.loader?.(args));
    }),
  );
  return (
    results.find((result) => result && 'redirect' in result) ??
    results.findLast((result) => result && 'status' in result)
  );
}

let started: string | undefined;

/**
 * In the browser a page's code and data start together, at the render that shows its address
 * (before its chunk suspends it), once per history entry: the page then renders at once and shows
 * its own loading states, since a loader in the browser only warms the cache (decision 124). The
 * routes' own `data` is the server's (a status, a redirect, the shop's settings the page came with),
 * as the data router never ran the root's loader again on a change of path.
 */
function startPage(entry: string, url: URL, queryClient: QueryClient) {
  if (started === entry) return;
  started = entry;
  for (const { route, params } of matchShopRoutes(url.pathname)) {
    void route.page
      ?.load()
      .then((module) => module.loader?.({ params, url, queryClient }))
      .catch(() => {});
  }
}

const entryOf = (key: string, url: URL) => `${key} ${url.pathname}${url.search}`;

/** The page the server rendered (history entry `default`): its data came in the page's own cache. */
export function pageStarted(url: URL) {
  started = entryOf('default', url);
}

const shownListeners = new Set<() => void>();

/** Tells its listeners each time the browser's router shows another history entry (not the first). */
export const pageShown = {
  subscribe(listener: () => void): () => void {
    shownListeners.add(listener);
    return () => shownListeners.delete(listener);
  },
};

/**
 * The shop's pages (`useRoutes` over the one table) with the scroll restoration; given the browser's
 * query cache, each page's data starts with its code.
 */
export function ShopRoutes({ queryClient }: { queryClient?: QueryClient }) {
  const location = useLocation();
  if (queryClient) {
    const url = new URL(location.pathname + location.search, window.location.origin);
    startPage(entryOf(location.key, url), url, queryClient);
  }
  const first = useRef(location.key);
  useEffect(() => {
    if (location.key === first.current) return;
    first.current = '';
    for (const listener of shownListeners) listener();
  }, [location.key]);
  return (
    <>
      {useRoutes(routes)}
      <ScrollRestoration />
    </>
  );
}

let navigateInApp: NavigateFunction | undefined;

/**
 * The router's navigate for code outside React (the API client's 401 handler): the browser router's
 * own once `RouterNavigatorBinding` has rendered inside it, a plain page load before.
 */
export const routerNavigator = {
  navigate(to: string): void {
    if (navigateInApp) void navigateInApp(to);
    else window.location.assign(to);
  },
};

/** Hands `routerNavigator` the router's navigate; rendered inside the browser's router. */
export function RouterNavigatorBinding() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigateInApp = navigate;
  }, [navigate]);
  return null;
}
