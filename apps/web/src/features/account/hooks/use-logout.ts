import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { logout } from '@/lib/session-store';
import { logoutOnServer } from '../api/logout';
import { announceLogout } from '../lib/logout-broadcast';

export const LOGOUT_MESSAGE = 'Logged out successfully';

/**
 * Logs out as the spec says (token and user cleared here at once, the shopper told and sent to
 * /login) and ends the session on the server, so the token stops working everywhere. The server
 * call's failure is only logged, as the spec has it for the provider's sign-out; it never shows as
 * an expired session.
 */
export function useLogout() {
  const navigate = useNavigate();
  return () => {
    announceLogout();
    const token = logout();
    notify.success(LOGOUT_MESSAGE);
    navigate('/login');
    if (token) {
      logoutOnServer(token).catch((error: unknown) =>
        console.warn('Logout was not recorded by the shop', error),
      );
    }
  };
}
