import { MESSAGES, SESSION_CHECK_INTERVAL_MS } from '@bazaar/shared/constants';
import { useEffect } from 'react';
import { ApiError, endExpiredSession } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { logout, readStoredToken, useSession } from '@/lib/session-store';
import { getCurrentUser } from '../api/get-current-user';
import { loggedOutElsewhere } from '../lib/logout-broadcast';
import { LOGOUT_MESSAGE } from './use-logout';

let startupCheck: Promise<void> | null = null;

/**
 * The auth check on start: `checking` stays true until GET /users/user answers.
 * A token the server refuses (401: expired, logged out elsewhere, forged) ends the
 * session as any 401 does, on a public page too: the spec's toast, the token gone,
 * and /login with the way back (the route table's forced redirect after session
 * expiry). Any other failure clears the token quietly; a network failure keeps it,
 * as it may still be good once the shop is reachable again.
 */
export function checkSessionOnStart(): Promise<void> {
  if (startupCheck) return startupCheck;
  startupCheck = (async () => {
    const { token, setChecking } = useSession.getState();
    if (!token) {
      setChecking(false);
      return;
    }
    setChecking(true);
    try {
      // The token is passed explicitly so a refusal stays this check's to handle.
      const user = await getCurrentUser(undefined, token);
      // A login that finished while the check ran wins over the older token's answer.
      if (useSession.getState().token === token) useSession.getState().setUser(user);
    } catch (error) {
      const network = error instanceof ApiError && error.code === 'NETWORK';
      if (!network && useSession.getState().token === token) {
        // The session's end speaks before `checking` ends, so a guarded page adds no toast of its own.
        if (error instanceof ApiError && error.status === 401) endExpiredSession();
        else useSession.getState().clear();
      }
    } finally {
      useSession.getState().setChecking(false);
    }
  })();
  return startupCheck;
}

/**
 * Runs the start-up check once, then every second follows the stored token: gone, the session
 * ends (storage was cleared: the spec's 'Session expired' and /login, whatever the page; another tab
 * logged out: a logout); replaced by another tab's renewal of it, this tab carries on with the
 * renewed one.
 */
export function useSessionBootstrap() {
  useEffect(() => {
    void checkSessionOnStart();
    const timer = window.setInterval(() => {
      const { isAuthenticated, token } = useSession.getState();
      if (!isAuthenticated) return;
      const stored = readStoredToken();
      if (!stored) {
        // A logout in another tab is a logout here too; storage cleared under us is an expiry.
        if (loggedOutElsewhere()) {
          notify.success(LOGOUT_MESSAGE);
          logout();
        } else {
          endExpiredSession(MESSAGES.sessionExpiredTick);
        }
      } else if (stored !== token) {
        // Another tab renewed the token, or signed in anew (maybe as someone else: ask who it is).
        useSession.getState().setToken(stored);
        getCurrentUser(undefined, stored)
          .then((user) => {
            if (useSession.getState().token === stored) useSession.getState().setUser(user);
          })
          .catch(() => {});
      }
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
