import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'bazaar:scroll-positions';
/** Positions kept at most (one per history entry visited in this tab). */
const MAX_KEPT = 100;

let positions: Map<string, number> | undefined;

function stored(): Map<string, number> {
  if (positions) return positions;
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    positions = new Map(Array.isArray(saved) ? saved : []);
  } catch {
    positions = new Map();
  }
  return positions;
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...stored()].slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused: positions are kept for this page's life only.
  }
}

/**
 * The declarative router's scroll restoration (React Router's <ScrollRestoration> is data mode only):
 * back and forward put the page where the shopper left it; a navigation to another page starts at
 * its top, or at the element its hash names. A change of the query alone (ticking a filter, the
 * help search, a notice tidying its address) keeps the place, as `preventScrollReset` did at each of
 * those calls. Positions are kept per history entry, in this tab's session storage across reloads.
 * The jumps are instant: the document scrolls smoothly (CSS), and a new page sliding up from where
 * the last one was left is not what a shopper expects.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  // The entry a scroll belongs to: changed in the commit that shows a new entry, so a scroll the new
  // page causes (shorter, or scrolled to its top below) is never counted as the old one's.
  const current = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        stored().delete(current.current);
        stored().set(current.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
  }, [location.key]);

  const { key, pathname, hash } = location;
  // The query is left out on purpose (see above); the entry and how it was reached come with the path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of query alone keeps the place
  useLayoutEffect(() => {
    if (action === 'POP') {
      const saved = stored().get(key);
      if (saved !== undefined) window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);

  return null;
}
