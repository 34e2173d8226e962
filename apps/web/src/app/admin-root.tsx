import { MESSAGES } from '@bazaar/shared/constants';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { PageLoader } from './guards';

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

/**
 * The admin area: its own layout (no storefront header search or footer), admins only. A chunk of
 * its own (app/router.tsx), as no storefront page needs its gate.
 */
export function AdminRoot() {
  return (
    <RequireAdmin>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RequireAdmin>
  );
}
