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
import { type createMemoryRouter, RouterProvider } from 'react-router';
import { api, reply } from './api-server';
import { categories, shopSettings } from './fixtures';

/** The app's own pieces main.tsx starts the browser with; a test of the whole app hands them in. */
export interface AppPieces {
  /** The browser's router (app/router.tsx): the address bar is the page's, as in the browser. */
  createRouter(): Router;
  Providers: ComponentType<{ client: QueryClient; origin: string; children: ReactNode }>;
  Toasts: ComponentType;
  connectApp(router: Router, queryClient: QueryClient): () => void;
  queryClient: QueryClient;
}

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * Opens the whole app at `path` as main.tsx starts it: the browser's router on the page's own
 * address, the app's providers and toasts, its start-up wiring. `close` takes it all down again.
 */
export function openApp(app: AppPieces, path: string) {
  window.history.replaceState(null, '', path);
  const router = app.createRouter();
  const disconnect = app.connectApp(router, app.queryClient);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <app.Providers client={app.queryClient} origin={window.location.origin}>
      <RouterProvider router={router} />
      <app.Toasts />
    </app.Providers>,
  );
  return {
    ...view,
    router,
    user,
    location: () => router.state.location,
    close() {
      view.unmount();
      disconnect();
      router.dispose();
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
