import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { connectApp } from './app/connect-app';
import { Document, PAGE_STATE_ID, type PageState } from './app/document';
import { installPrefetch } from './app/prefetch';
import { Providers, Toasts } from './app/providers';
import { browserQueryClient } from './app/query-client';
import { createRouter, routes } from './app/router';
import { restoreTheme } from './app/shop-settings-effects';
import './styles.css';

declare global {
  interface Window {
    /** React Router reads a server render's state here (and revives its errors) when it is created. */
    __staticRouterHydrationData?: PageState['router'];
  }
}

/**
 * The page's own route modules, loaded before hydrating: the server rendered them, and a lazy route
 * still loading would render its fallback instead and fail to match the HTML.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

function start() {
  const router = createRouter();
  connectApp(router, client);
  let shown = router.state.location.key;
  installPrefetch({
    routes,
    subscribe: (listener) =>
      router.subscribe((state) => {
        if (state.navigation.state !== 'idle' || state.location.key === shown) return;
        shown = state.location.key;
        listener();
      }),
  });
  return router;
}

const stateBlock = document.getElementById(PAGE_STATE_ID);
const client = browserQueryClient();

if (stateBlock?.textContent) {
  // A page the server rendered: hydrate the document with exactly the state it rendered with.
  const stateJson = stateBlock.textContent;
  const state = JSON.parse(stateJson) as PageState;
  hydrate(client, state.queries);
  window.__staticRouterHydrationData = state.router;
  await loadMatchedRoutes();
  const router = start();
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (one long task per page on a slow phone); the page is
  // already painted from the HTML, so nothing waits for it but the first click's handler.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Providers client={client} origin={state.origin}>
          <Document state={state} stateJson={stateJson}>
            <RouterProvider router={router} />
            <Toasts />
          </Document>
        </Providers>
      </StrictMode>,
    );
  });
} else {
  // Vite's dev server: the app renders in the browser alone.
  restoreTheme();
  const router = start();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={client} origin={window.location.origin}>
        <RouterProvider router={router} />
        <Toasts />
      </Providers>
    </StrictMode>,
  );
}
