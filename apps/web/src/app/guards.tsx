import { MESSAGES } from '@bazaar/shared/constants';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notify } from '@/lib/notify';
import { sessionJustEnded, useSession } from '@/lib/session-store';

function PageLoader() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-[#db4444]" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** Login-required pages: waits for the start-up check, then toasts once and sends guests to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { checking, isAuthenticated } = useSession();
  const location = useLocation();
  const toasted = useRef(false);
  const redirect = !checking && !isAuthenticated;
  useEffect(() => {
    if (redirect && !toasted.current) {
      toasted.current = true;
      // The session's own end already told the shopper; one toast is enough.
      if (!sessionJustEnded()) notify.error(MESSAGES.sessionExpiredGuard);
    }
  }, [redirect]);
  if (checking) return <PageLoader />;
  if (redirect) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return children;
}

/** Admin pages: signed-in admins only; everyone else is told so once and sent home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { checking, isAuthenticated, isAdmin, user } = useSession();
  const toasted = useRef(false);
  const refuse = !checking && (!isAuthenticated || !isAdmin || !user);
  useEffect(() => {
    if (refuse && !toasted.current) {
      toasted.current = true;
      notify.error(MESSAGES.notAdmin);
    }
  }, [refuse]);
  if (checking || (isAuthenticated && !user && !refuse)) return <PageLoader />;
  if (refuse) return <Navigate to="/" replace />;
  return children;
}

export { PageLoader };
