import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { PageModule } from './lazy-page';
import type { ShopRoute } from './router';

/**
 * Links the shopper is about to follow load before the click (decision 219):
 *  - intent (the pointer rests on a link for HOVER_DELAY_MS, a touch starts on it, or it takes the
 *    keyboard's focus): the page's code and its data, as the route's own loader asks for them, into the
 *    query cache the page reads (so the click renders at once and fetches nothing twice);
 *  - sight (once the browser is idle after a page shows): only the code of the pages the main content's
 *    links in view lead to, at most VIEW_PAGES of them (a product or listing page: 3–10 KB Brotli).
 * At most DATA_BUDGET data prefetches per page shown, none on Save-Data or a 2G connection, none for
 * the admin area (a chunk of its own, fetched only once the visitor is let in) or another origin.
 */
export const HOVER_DELAY_MS = 65;
export const DATA_BUDGET = 12;
export const VIEW_PAGES = 4;

type Lazy = () => Promise<Pick<PageModule, 'loader'>>;

interface Options {
  routes: ShopRoute[];
  /** The cache the pages read: a page's loader fills it as it would on the way to the page. */
  queryClient: QueryClient;
  /** Told on each navigation, so budgets and sight prefetches start again for the new page. */
  subscribe(listener: () => void): () => void;
}

function constrained(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

function sameOriginPage(anchor: HTMLAnchorElement): URL | undefined {
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  if (/^\/(admin|api|uploads|iamadmin)(\/|$)/.test(url.pathname)) return undefined;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return url;
}

/** Starts prefetching on the document; returns the undoing (tests). */
export function installPrefetch({ routes, queryClient, subscribe }: Options): () => void {
  let dataLeft = DATA_BUDGET;
  const fetchedData = new Set<string>();
  const fetchedCode = new Set<Lazy>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const leaves = (url: URL) => {
    const matches = matchRoutes<ShopRoute>(routes, url.pathname) ?? [];
    return matches.flatMap(({ route, params }) =>
      route.page ? [{ load: route.page.load as Lazy, params }] : [],
    );
  };

  const prefetch = (url: URL, withData: boolean) => {
    if (constrained()) return;
    const key = url.pathname + url.search;
    for (const match of leaves(url)) {
      const lazy = match.load;
      const code = lazy();
      fetchedCode.add(lazy);
      if (!withData || fetchedData.has(key) || dataLeft <= 0) continue;
      fetchedData.add(key);
      dataLeft -= 1;
      void code
        // In the browser a page's loader only starts its queries (decision 124).
        .then((resolved) => resolved.loader?.({ params: match.params, url, queryClient }))
        .catch(() => {});
    }
  };

  const anchorOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;

  const onOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    const anchor = anchorOf(event.target);
    const url = anchor && sameOriginPage(anchor);
    if (!url) return;
    clearTimeout(timer);
    timer = setTimeout(() => prefetch(url, true), HOVER_DELAY_MS);
  };
  const onOut = (event: PointerEvent) => {
    if (anchorOf(event.target) && !anchorOf(event.relatedTarget)) clearTimeout(timer);
  };
  const onNow = (event: Event) => {
    const anchor = anchorOf(event.target);
    const url = anchor && sameOriginPage(anchor);
    if (url) prefetch(url, true);
  };

  const inView = () => {
    if (constrained()) return;
    const seen = new Set<Lazy>();
    // The page's own links only: the header's lead to forms (contact, sign-up) whose libraries weigh
    // ten times a product page's code, for the few shoppers who go there.
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('main a[href]')) {
      if (seen.size >= VIEW_PAGES) break;
      const url = sameOriginPage(anchor);
      if (!url) continue;
      const box = anchor.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight || box.width === 0) continue;
      for (const match of leaves(url)) {
        const lazy = match.load;
        if (fetchedCode.has(lazy) || seen.has(lazy)) continue;
        seen.add(lazy);
        fetchedCode.add(lazy);
        void lazy().catch(() => {});
      }
    }
  };
  const whenIdle = (work: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(work, { timeout: 3000 })
      : setTimeout(work, 1000);

  document.addEventListener('pointerover', onOver, { passive: true });
  document.addEventListener('pointerout', onOut, { passive: true });
  document.addEventListener('touchstart', onNow, { passive: true });
  document.addEventListener('focusin', onNow);
  whenIdle(inView);
  const unsubscribe = subscribe(() => {
    dataLeft = DATA_BUDGET;
    fetchedData.clear();
    whenIdle(inView);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('pointerover', onOver);
    document.removeEventListener('pointerout', onOut);
    document.removeEventListener('touchstart', onNow);
    document.removeEventListener('focusin', onNow);
  };
}
