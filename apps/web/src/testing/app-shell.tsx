import { cartReplySchema } from '@bazaar/shared/schemas/cart';
import { categoryTreeSchema, productListSchema } from '@bazaar/shared/schemas/catalogue';
import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { currentUserReplySchema, type User } from '@bazaar/shared/schemas/user';
import { wishlistReplySchema } from '@bazaar/shared/schemas/wishlist';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { api, reply } from './api-server';
import { categories, shopSettings } from './fixtures';

/** The app's own pieces main.tsx starts the browser with; a test of the whole app hands them in. */
export interface AppPieces {
  /** The shop's pages (app/router.tsx), in a BrowserRouter: the address bar is the page's, as in the browser. */
  ShopRoutes: ComponentType<{ queryClient?: QueryClient }>;
  /** The router's navigate for the API client's 401 handler (app/router.tsx). */
  routerNavigator: { navigate(to: string): unknown };
  /** Binds `routerNavigator` to the router it renders in. */
  RouterNavigatorBinding: ComponentType;
  Providers: ComponentType<{ client: QueryClient; origin: string; children: ReactNode }>;
  Toasts: ComponentType;
  connectApp(navigator: { navigate(to: string): unknown }, queryClient: QueryClient): () => void;
  queryClient: QueryClient;
}

/**
 * Opens the whole app at `path` as main.tsx starts it: the browser's router on the page's own
 * address, the app's providers and toasts, its start-up wiring. `close` takes it all down again.
 */
export function openApp(app: AppPieces, path: string) {
  window.history.replaceState(null, '', path);
  const disconnect = app.connectApp(app.routerNavigator, app.queryClient);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <app.Providers client={app.queryClient} origin={window.location.origin}>
      <BrowserRouter>
        <app.RouterNavigatorBinding />
        <app.ShopRoutes queryClient={app.queryClient} />
      </BrowserRouter>
      <app.Toasts />
    </app.Providers>,
  );
  return {
    ...view,
    user,
    location: () => ({ pathname: window.location.pathname, search: window.location.search }),
    close() {
      view.unmount();
      disconnect();
      window.history.replaceState(null, '', '/');
    },
  };
}

const emptyCart = {
  _id: null,
  cartItems: [],
  subTotal: 0,
  productDiscount: 0,
  couponDiscount: 0,
  shipping: 0,
  tax: 0,
  total: 0,
  totalAmount: 0,
  totalItems: 0,
  coupon: null,
};

const noProducts = {
  products: [],
  total: 0,
  page: 1,
  pages: 0,
  facets: { brand: [], material: [], colour: [], size: [], rating: [], price: { min: 0, max: 0 } },
  nextCursor: null,
};

/**
 * What every page around the one under test asks: the shop, the menu, who is signed in, their cart
 * and wishlist, and the home page's product rows (empty).
 */
export function answerTheShell(who: User) {
  api.use(
    http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings())),
    http.get('/api/categories', () => reply(categoryTreeSchema, categories)),
    http.get('/api/users/user', () => reply(currentUserReplySchema, { user: who })),
    http.get('/api/cart/get', () => reply(cartReplySchema, emptyCart)),
    http.get('/api/wishlist/get', () => reply(wishlistReplySchema, { wishlist: [] })),
    http.get('/api/products', () => reply(productListSchema, noProducts)),
  );
}
