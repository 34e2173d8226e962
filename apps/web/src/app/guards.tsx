import { MESSAGES } from '@bazaar/shared/constants';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { justLoggedOut, sessionJustEnded, useSession } from '@/lib/session-store';

/**
 * A whole screen tall: what replaces it (My Orders, checkout, an order) is taller than the screen, so
 * the footer stays below the fold instead of jumping down when the page arrives (layout shift).
 */
function PageLoader() {
  return (
    <div className="flex min-h-svh items-center justify-center" aria-live="polite">
      <Spinner size={40} label="Loading…" />
    </div>
  );
}

/**
 * Login-required pages: waits for the start-up check, then toasts once and sends guests to /login.
 * `guestMessage` is what a guest who was never signed in reads (checkout's 'Please login first').
 */
export function RequireAuth({ children, guestMessage }: { children: ReactNode; guestMessage?: string }) {
  const { checking, isAuthenticated } = useSession();
  const location = useLocation();
  const toasted = useRef(false);
  const redirect = !checking && !isAuthenticated;
  useEffect(() => {
    if (redirect && !toasted.current) {
      toasted.current = true;
      // The session's own end already told the shopper; one toast is enough.
      if (!sessionJustEnded() && !justLoggedOut()) notify.error(guestMessage ?? MESSAGES.sessionExpiredGuard);
    }
  }, [redirect, guestMessage]);
  if (checking) return <PageLoader />;
  if (redirect && justLoggedOut()) return <Navigate to="/login" replace />;
  if (redirect) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return children;
}

export { PageLoader };
