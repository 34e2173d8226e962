import { connectApp } from './connect-app';
import { Providers, Toasts } from './providers';
import { browserQueryClient } from './query-client';
import { RouterNavigatorBinding, routerNavigator, ShopRoutes } from './router';

/**
 * The whole storefront as the browser runs it, for the tests that open it (testing/app-shell's
 * AppPieces: testing/ cannot import app/, and only tests import testing/).
 */
export function shopApp() {
  return {
    ShopRoutes,
    RouterNavigatorBinding,
    routerNavigator,
    Providers,
    Toasts,
    connectApp,
    queryClient: browserQueryClient(),
  };
}
