import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { connectApp } from './app/connect-app';
import { Document, PAGE_STATE_ID, type PageState } from './app/document';
import { Providers, Toasts } from './app/providers';
import { browserQueryClient } from './app/query-client';
import {
  loadPages,
  pageShown,
  pageStarted,
  RouterNavigatorBinding,
  routerNavigator,
  routes,
  ShopRoutes,
} from './app/router';
import { restoreTheme } from './app/shop-settings-effects';
import './styles.css';

const client = browserQueryClient();
connectApp(routerNavigator, client);
// Link prefetching (decision 219) acts on the shopper's next move, never on the first paint or
// hydration: its code is a chunk of its own, fetched beside them.
void import('./app/prefetch').then(({ installPrefetch }) =>
  installPrefetch({ routes, queryClient: client, subscribe: pageShown.subscribe }),
);

/** The app inside the declarative router: the shop's pages, and the navigator bound to it. */
function App() {
  return (
    <BrowserRouter>
      <RouterNavigatorBinding />
      <ShopRoutes queryClient={client} />
    </BrowserRouter>
  );
}

const stateBlock = document.getElementById(PAGE_STATE_ID);

if (stateBlock?.textContent) {
  // A page the server rendered: hydrate the document with exactly the state it rendered with.
  const stateJson = stateBlock.textContent;
  const state = JSON.parse(stateJson) as PageState;
  hydrate(client, state.queries);
  pageStarted(new URL(window.location.href));
  // The page's own modules first: the server rendered them, and one still loading would suspend.
  await loadPages(window.location.pathname);
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (one long task per page on a slow phone); the page is
  // already painted from the HTML, so nothing waits for it but the first click's handler.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Providers client={client} origin={state.origin}>
          <Document state={state} stateJson={stateJson}>
            <App />
            <Toasts />
          </Document>
        </Providers>
      </StrictMode>,
    );
  });
} else {
  // Vite's dev server: the app renders in the browser alone.
  restoreTheme();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={client} origin={window.location.origin}>
        <App />
        <Toasts />
      </Providers>
    </StrictMode>,
  );
}
