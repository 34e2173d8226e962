import { CHECKOUT_MESSAGES } from '@bazaar/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import {
  createBrowserRouter,
  data,
  type LoaderFunction,
  Navigate,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
} from 'react-router';
import { searchPath } from '@/features/catalogue';
import { HELP_ARTICLE_SLUGS, POLICY_PATHS } from '@/features/content';
import type { PageLoader as PageDataLoader } from '@/lib/page-data';
import { shopSettingsQueryOptions } from '@/lib/shop-settings';
import { PageLoader, RequireAdmin, RequireAuth } from './guards';
import { lazyWithReload } from './layout/lazy-with-reload';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { browserQueryClient } from './query-client';

/** What the server's renderer hands every loader: the request's own query cache. */
export interface RenderContext {
  queryClient: QueryClient;
}

const isRenderContext = (context: unknown): context is RenderContext =>
  typeof context === 'object' && context !== null && 'queryClient' in context;

/**
 * A page loader as the router runs it. On the server it is awaited, and a 404 becomes the reply's
 * status. In the browser it only starts the page's requests (in parallel with its chunk) and the page
 * renders at once, showing its own loading states, as it always has.
 */
export function routeLoader(load: PageDataLoader): LoaderFunction {
  return async ({ params, request, context }) => {
    const server = isRenderContext(context);
    const pending = load({
      params,
      url: new URL(request.url),
      queryClient: server ? context.queryClient : browserQueryClient(),
    });
    if (!server) {
      pending.catch(() => {});
      return null;
    }
    const result = await pending;
    if (result && 'redirect' in result) throw redirect(result.redirect);
    return result ? data(null, { status: result.status }) : null;
  };
}

/**
 * Lazy route whose module exports the named page component, and its `loader` when it has data to
 * load. `__chunk` (added to page modules by the server build) names the page's client chunk, which
 * the server preloads beside the entry.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    const loader = module.loader as PageDataLoader | undefined;
    return {
      Component: module[name] as ComponentType,
      ...(loader ? { loader: routeLoader(loader) } : {}),
      ...(typeof module.__chunk === 'string' ? { handle: { chunk: module.__chunk } } : {}),
    };
  };
}

/** The header search's form without JavaScript: /search?q=… goes to the results page (home when empty). */
const searchFormLoader: LoaderFunction = ({ request }) =>
  redirect(searchPath(new URL(request.url).searchParams.get('q') ?? '') ?? '/');

/** Unknown addresses: the not-found page, with HTTP status 404. */
const notFoundLoader = routeLoader(async () => ({ status: 404 }));

/** Every storefront page shows the shop's settings (name, contacts, theme colour). */
const shopLoader = routeLoader(async ({ queryClient }) => {
  await queryClient.prefetchQuery(shopSettingsQueryOptions());
  return undefined;
});

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

/** The admin area: its own layout (no storefront header search or footer), admins only. */
function AdminRoot() {
  return (
    <RequireAdmin>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </RequireAdmin>
  );
}

const catalogue = {
  home: () => import('@/features/catalogue/pages/home-page'),
  listing: () => import('@/features/catalogue/pages/listing-page'),
  search: () => import('@/features/catalogue/pages/search-page'),
  product: () => import('@/features/catalogue/pages/product-page'),
};
const account = {
  login: () => import('@/features/account/pages/login-page'),
  register: () => import('@/features/account/pages/register-page'),
  profile: () => import('@/features/account/pages/profile-page'),
  forgot: () => import('@/features/account/pages/forgot-password-page'),
  reset: () => import('@/features/account/pages/reset-password-page'),
};
const content = {
  contact: () => import('@/features/content/pages/contact-page'),
  faq: () => import('@/features/content/pages/faq-page'),
  help: () => import('@/features/content/pages/help-page'),
  article: () => import('@/features/content/pages/help-article-page'),
  policy: () => import('@/features/content/pages/policy-page'),
  about: () => import('@/features/content/pages/about-page'),
};
const checkout = () => import('@/features/checkout/pages/checkout-page');
// The admin area is one lazily loaded chunk with its own routes, fetched only once RequireAdmin lets the
// visitor in: a route `lazy` would be fetched on every match, a shopper's included.
const AdminArea = lazyWithReload(() => import('@/features/admin/pages/admin-area'));

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    loader: shopLoader,
    // Shown while the first page's lazy chunk loads on a cold start.
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: page(catalogue.home, 'HomePage') },
      { path: 'Home', lazy: page(catalogue.home, 'HomePage') },
      { path: 'products', lazy: page(catalogue.listing, 'ListingPage') },
      {
        path: 'categories/:category/:subCategory?/:option?/:subOption?',
        lazy: page(catalogue.listing, 'ListingPage'),
      },
      { path: 'search', loader: searchFormLoader },
      { path: 'search/:searchTerm', lazy: page(catalogue.search, 'SearchPage') },
      { path: 'product/:productId', lazy: page(catalogue.product, 'ProductPage') },
      { path: 'login', lazy: page(account.login, 'LoginPage') },
      { path: 'register', lazy: page(account.register, 'RegisterPage') },
      { path: 'forgot-password', lazy: page(account.forgot, 'ForgotPasswordPage') },
      { path: 'reset-password/:token', lazy: page(account.reset, 'ResetPasswordPage') },
      {
        path: 'wishlist',
        lazy: page(() => import('@/features/wishlist/pages/wishlist-page'), 'WishlistPage'),
      },
      { path: 'cart', lazy: page(() => import('@/features/cart/pages/cart-page'), 'CartPage') },
      { path: 'contact', lazy: page(content.contact, 'ContactPage') },
      { path: 'contact-us', lazy: page(content.contact, 'ContactPage') },
      { path: 'faq', lazy: page(content.faq, 'FaqPage') },
      { path: 'help', lazy: page(content.help, 'HelpPage') },
      { path: 'about', lazy: page(content.about, 'AboutPage') },
      {
        path: 'confirm-cod',
        lazy: page(() => import('@/features/orders/pages/confirm-cod-page'), 'ConfirmCodPage'),
      },
      {
        path: 'newsletter/unsubscribe',
        lazy: page(() => import('@/features/newsletter/pages/unsubscribe-page'), 'UnsubscribePage'),
      },
      ...Object.keys(POLICY_PATHS).map((path) => ({ path, lazy: page(content.policy, 'PolicyPage') })),
      ...HELP_ARTICLE_SLUGS.map((path) => ({ path, lazy: page(content.article, 'HelpArticlePage') })),
      {
        Component: AuthOutlet,
        children: [
          { path: 'profile', lazy: page(account.profile, 'ProfilePage') },
          { path: 'orders', lazy: page(() => import('@/features/orders/pages/orders-page'), 'OrdersPage') },
          {
            path: 'alerts',
            lazy: page(() => import('@/features/stock-alerts/pages/my-alerts-page'), 'MyAlertsPage'),
          },
          {
            path: 'orders/:orderId',
            lazy: page(() => import('@/features/orders/pages/order-details-page'), 'OrderDetailsPage'),
          },
        ],
      },
      {
        Component: CheckoutOutlet,
        children: [
          { path: 'cart/checkout', lazy: page(checkout, 'CheckoutPage') },
          { path: 'checkout', lazy: page(checkout, 'CheckoutPage') },
        ],
      },
      { path: '*', Component: NotFoundPage, loader: notFoundLoader },
    ],
  },
  {
    Component: AdminRoot,
    HydrateFallback: PageLoader,
    children: [
      { path: 'iamadmin', element: <Navigate to="/admin" replace /> },
      { path: 'admin/*', Component: AdminArea },
    ],
  },
];

/** The browser's router, hydrating from the state the server rendered with when there is one. */
export function createRouter() {
  return createBrowserRouter(routes);
}
