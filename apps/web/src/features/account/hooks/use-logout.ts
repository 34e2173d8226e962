import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { logout } from '@/lib/session-store';

export const LOGOUT_MESSAGE = 'Logged out successfully';

/** Logs out as the spec says, tells the shopper, and sends them to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return () => {
    logout();
    notify.success(LOGOUT_MESSAGE);
    navigate('/login');
  };
}
