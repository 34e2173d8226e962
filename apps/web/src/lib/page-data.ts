import type { QueryClient } from '@tanstack/react-query';

/** What a page's loader gets: the route's params, the URL, and the query cache its components read. */
export interface PageLoaderArgs {
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  queryClient: QueryClient;
}

/** What a loader may say beyond filling the cache: the address names nothing (HTTP 404), or lives elsewhere. */
export type PageLoadResult = { status: 404 } | { redirect: string } | undefined;

/**
 * A page module's `loader` export: puts into the query cache what the page shows, with the same
 * query options its components use. The server waits for it before rendering the page to HTML (its
 * cache is then sent along for hydration); the browser starts it alongside the page's own chunk and
 * renders at once, so a loader only warms the cache and never decides what the page looks like.
 */
export type PageLoader = (args: PageLoaderArgs) => Promise<PageLoadResult>;

export const notFound = (): PageLoadResult => ({ status: 404 });
