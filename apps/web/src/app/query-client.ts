import { QueryClient } from '@tanstack/react-query';

/**
 * The query cache's defaults. The server makes one per request and never refetches (what it
 * loaded is what the HTML shows and what the browser hydrates with); the browser keeps one.
 */
export function createQueryClient(onServer = false): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: onServer
        ? { staleTime: Number.POSITIVE_INFINITY, retry: false, gcTime: Number.POSITIVE_INFINITY }
        : { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one query cache (the admin's screens refresh queries in it after a save). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
