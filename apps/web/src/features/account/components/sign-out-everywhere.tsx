import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { logout, useSession } from '@/lib/session-store';
import { useLogoutEverywhere } from '../api/logout';
import { announceLogout } from '../lib/logout-broadcast';

/** Ends every session of the account, on every device (a lost phone, a shared computer), this one too. */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const everywhere = useLogoutEverywhere();
  const token = useSession((s) => s.token);

  function signOutEverywhere() {
    if (!token) return;
    everywhere.mutate(token, {
      onSuccess: () => {
        announceLogout();
        logout();
        notify.success('Signed out on every device');
        navigate('/login');
      },
      onError: (error) => notify.error(errorMessage(error, 'Could not sign out the other devices')),
    });
  }

  return (
    <section aria-labelledby="devices-heading" className="mt-10 border-t border-gray-200 pt-6">
      <h2 id="devices-heading" className="text-base font-medium">
        Devices
      </h2>
      <p className="mt-2 text-sm text-gray-600">
        Lost a phone, or signed in on a computer that is not yours? Sign out everywhere, this browser too.
      </p>
      <button
        type="button"
        onClick={signOutEverywhere}
        disabled={everywhere.isPending}
        aria-busy={everywhere.isPending || undefined}
        className="mt-4 h-10 rounded border border-gray-300 px-4 text-sm hover:border-black disabled:opacity-60"
      >
        {everywhere.isPending ? 'Signing out...' : 'Sign out of all devices'}
      </button>
    </section>
  );
}
