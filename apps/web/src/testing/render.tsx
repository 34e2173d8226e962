import type { User } from '@bazaar/shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { useSession } from '@/lib/session-store';

/** The browser's query defaults (app/query-client.ts), less the retry: a refusal shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface RenderRoutesOptions {
  /** The address the router starts at. */
  path?: string;
  queryClient?: QueryClient;
  /** What the screen needs around the router besides the query cache (a context the app layer binds). */
  wrap?: (router: ReactNode) => ReactNode;
  /** Leave out the toast container (the app's own providers bring theirs). */
  withoutToasts?: boolean;
}

/**
 * Renders routes in a memory router at `path`, inside a fresh query cache and a toast container as the
 * app has them, with a user-event session to drive them. `location()` is where the router is now.
 */
export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  // A browser's file picker lets the user choose any file (`accept` only filters its list by default).
  // No pause between keystrokes: the screens do not depend on typing speed, and it keeps them quick.
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const routed = <RouterProvider router={router} />;
  const view = render(
    <QueryClientProvider client={queryClient}>
      {options.wrap ? options.wrap(routed) : routed}
      {options.withoutToasts ? null : <ToastContainer position="top-right" newestOnTop />}
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user, location: () => router.state.location };
}

/** Signs `who` in as a login does: the token in storage and the session known. */
export function signIn(who: User, token = `token-of-${who._id}`): string {
  useSession.getState().setSession(who, token);
  return token;
}

const toastTexts = () =>
  [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent ?? '');

/** Waits for a toast saying `text` (react-toastify's, as the shopper sees it). */
export function findToast(text: string | RegExp, options: { timeout?: number } = {}): Promise<string> {
  return waitFor(() => {
    const hit = toastTexts().find((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
    if (hit === undefined)
      throw new Error(`No toast says ${String(text)}; shown: ${JSON.stringify(toastTexts())}`);
    return hit;
  }, options);
}
