import { OIDC_FRAGMENT } from '@bazaar/shared/account-limits';
import { safeNext } from '@bazaar/shared/safe-next';
import type { LoginBody, loginBodySchema } from '@bazaar/shared/schemas/user';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session-store';
import { getCurrentUser } from '../api/get-current-user';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { PasswordField } from '../components/password-field';
import { SubmitButton } from '../components/submit-button';

const OIDC_FAILED = 'Login failed,please try again';

/** A Google account to link to the password account with its email, once its owner logs in. */
interface PendingLink {
  ticket: string;
  email: string;
}

/**
 * The identity provider's hand-over: the server sends the browser back to
 * /login#token=…&next=… (or #error=…). The token is checked before it becomes the session.
 * When Google's email belongs to an account with a password, the fragment also carries a link
 * ticket: logging in here with that account's password links Google to it.
 */
function useIdentityProviderReturn(): PendingLink | null {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [pending, setPending] = useState<PendingLink | null>(null);
  useEffect(() => {
    if (handled.current || !location.hash) return;
    const fragment = new URLSearchParams(location.hash.slice(1));
    const token = fragment.get(OIDC_FRAGMENT.token);
    const error = fragment.get(OIDC_FRAGMENT.error);
    if (!token && error === null) return;
    handled.current = true;
    // The token must not stay in the address bar or the history.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (!token) {
      const ticket = fragment.get(OIDC_FRAGMENT.link);
      const email = fragment.get(OIDC_FRAGMENT.email);
      if (ticket && email) setPending({ ticket, email });
      notify.error(error || OIDC_FAILED);
      return;
    }
    const next = safeNext(fragment.get(OIDC_FRAGMENT.next));
    getCurrentUser(undefined, token)
      .then((user) => {
        useSession.getState().setSession(user, token);
        notify.success('Login successful!');
        navigate(next, { replace: true });
      })
      .catch((err: unknown) => notify.error(errorMessage(err, OIDC_FAILED)));
  }, [location, navigate]);
  return pending;
}

export function LoginPage() {
  const linking = useIdentityProviderReturn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<LoginBody, unknown, z.output<typeof loginBodySchema>>({
    resolver: lazyResolver(() => import('../lib/form-schemas').then((m) => m.resolvers.login)),
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => {
    if (linking) setValue('email', linking.email);
  }, [linking, setValue]);

  const onSubmit = handleSubmit((body) =>
    loginMutation.mutate(linking ? { ...body, link: linking.ticket } : body, {
      onSuccess: ({ user, token }) => {
        useSession.getState().setSession(user, token);
        notify.success('Login successful!');
        navigate(next, { replace: true });
      },
      onError: (error) => notify.error(errorMessage(error, 'Login failed')),
    }),
  );

  return (
    <AuthLayout>
      <PageMeta
        title={'Log In'}
        description="Log in to Bazaar to see your orders, wishlist and cart on any device."
      />
      <h1 className="text-3xl font-medium tracking-wide">Log In</h1>
      <p className="mt-4 text-sm text-gray-700">Enter your details below</p>
      {linking ? (
        <p role="status" className="mt-4 rounded bg-gray-100 p-3 text-sm text-gray-800">
          Log in with the password of {linking.email} to link your Google account to it. If you do not know
          it,{' '}
          <Link to="/forgot-password" className="underline">
            reset it
          </Link>{' '}
          first.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between gap-4">
          <SubmitButton disabled={loginMutation.isPending} aria-busy={loginMutation.isPending || undefined}>
            {loginMutation.isPending ? 'Logging In...' : 'Log In'}
          </SubmitButton>
          <Link to="/forgot-password" className="text-sm text-brand hover:underline">
            Forgot password?
          </Link>
        </div>
      </form>
      <div className="mt-5">
        <GoogleSignInButton label="Log In With Google" next={next} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-600">
        Don&apos;t have an account?{' '}
        <Link
          to={`/register${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`}
          className="font-medium text-black underline underline-offset-4"
        >
          Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
