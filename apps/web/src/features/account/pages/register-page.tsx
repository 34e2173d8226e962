import { NAME_MAX, PASSWORD_HINT, PHONE_MAX } from '@bazaar/shared/account-limits';
import { safeNext } from '@bazaar/shared/safe-next';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { digitsOnly } from '@/lib/digits-only';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session-store';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { PasswordField } from '../components/password-field';
import { SubmitButton } from '../components/submit-button';
import { PASSWORDS_DIFFER } from '../lib/form-messages';
import type { RegisterFormValues, registerFormSchema } from '../lib/form-schemas';

const serverFields = ['name', 'email', 'password', 'phoneNumber'] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: lazyResolver(() => import('../lib/form-schemas').then((m) => m.resolvers.register)),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', phoneNumber: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const passwordsDiffer = confirmPassword !== '' && password !== confirmPassword;
  const loading = registerMutation.isPending;

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    registerMutation.mutate(body, {
      onSuccess: ({ user, token }) => {
        useSession.getState().setSession(user, token);
        notify.success('User Registered Successfully');
        navigate(next, { replace: true });
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        for (const field of serverFields) {
          if (fields[field]) setError(field, { type: 'server', message: fields[field] });
        }
        notify.error(errorMessage(error, 'Registration failed'));
      },
    }),
  );

  return (
    <AuthLayout>
      <PageMeta
        title={'Create an account'}
        description="Create a Bazaar account: keep your cart and wishlist, check out faster and follow your orders."
      />
      <h1 className="text-3xl font-medium tracking-wide">Create an account</h1>
      <p className="mt-4 text-sm text-gray-700">Enter your details below</p>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        <FormField
          label="Name"
          autoComplete="name"
          maxLength={NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          // Whether the two differ is shown live from the fields; the checker's own verdict on it arrives a
          // moment later (it runs asynchronously) and must not linger once they match.
          error={
            passwordsDiffer
              ? PASSWORDS_DIFFER
              : errors.confirmPassword?.message === PASSWORDS_DIFFER
                ? undefined
                : errors.confirmPassword?.message
          }
          {...register('confirmPassword')}
        />
        <FormField
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_MAX}
          error={errors.phoneNumber?.message}
          {...digitsOnly(register('phoneNumber'))}
        />
        <SubmitButton
          className="w-full"
          disabled={loading || !password || !confirmPassword || password !== confirmPassword}
          aria-busy={loading || undefined}
        >
          {loading ? 'Creating Account...' : 'Create Account'}
        </SubmitButton>
      </form>
      <div className="mt-4">
        <GoogleSignInButton label="Sign up with Google" next={next} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have account?{' '}
        <Link to="/login" className="font-medium text-black underline underline-offset-4">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
