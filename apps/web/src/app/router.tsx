import { CHECKOUT_MESSAGES } from '@bazaar/shared/constants';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { HELP_ARTICLE_SLUGS, POLICY_PATHS } from '@/features/content';
import { PageLoader, RequireAdmin, RequireAuth } from './guards';
import { lazyWithReload } from './layout/lazy-with-reload';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';

/** Lazy route whose module exports the named page component. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

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
        ],
      },
      {
        Component: CheckoutOutlet,
        children: [
          { path: 'cart/checkout', lazy: page(checkout, 'CheckoutPage') },
          { path: 'checkout', lazy: page(checkout, 'CheckoutPage') },
        ],
      },
      { path: '*', Component: NotFoundPage },
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

export function createRouter() {
  return createBrowserRouter(routes);
}
