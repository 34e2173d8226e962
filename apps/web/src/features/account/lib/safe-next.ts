const ORIGIN = 'http://bazaar.invalid';

/**
 * The `next` path to return to after signing in: only a path of this site (no
 * scheme, no `//host` or `/\host`), never the sign-in pages themselves.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw?.startsWith('/')) return '/';
  let url: URL;
  try {
    // Parsing as the browser would catches `//evil`, `/\evil` and tab or newline tricks alike.
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN) return '/';
  if (url.pathname === '/login' || url.pathname === '/register') return '/';
  return url.pathname + url.search + url.hash;
}
