const ORIGIN = 'http://bazaar.invalid';
const SIGN_IN_PAGES = new Set(['/login', '/register']);
const MAX_LENGTH = 500;

/**
 * The path to return to after signing in: only a path of this site, never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`, `javascript:`) nor the sign-in pages themselves;
 * anything else becomes `/`.
 */
export function safeNext(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > MAX_LENGTH) return '/';
  let url: URL;
  try {
    // Parsed as a browser would, so `//host`, `/\host` and tab or newline tricks (`/\t/host`) all show
    // up as another origin instead of having to be listed one by one.
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN || SIGN_IN_PAGES.has(url.pathname)) return '/';
  // Dot segments can leave a path that itself names another host: `/.//evil.example` parses here as
  // the path `//evil.example`, which a browser given it as a link would read as protocol-relative.
  if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return '/';
  return url.pathname + url.search + url.hash;
}
