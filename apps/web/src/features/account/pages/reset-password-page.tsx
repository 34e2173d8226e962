import { PASSWORD_HINT } from '@bazaar/shared/account-limits';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { PageMeta } from '@/lib/page-meta';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { SubmitButton } from '../components/submit-button';
import { PASSWORDS_DIFFER } from '../lib/form-messages';
import type { resetFormSchema } from '../lib/form-schemas';

type ResetForm = z.input<typeof resetFormSchema>;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ResetForm, unknown, z.output<typeof resetFormSchema>>({
    resolver: lazyResolver(() => import('../lib/form-schemas').then((m) => m.resolvers.reset)),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const passwordsDiffer = confirmPassword !== '' && password !== confirmPassword;

  const onSubmit = handleSubmit(({ password: newPassword }) =>
    reset.mutate(
      { token, password: newPassword },
      {
        onSuccess: ({ message }) => {
          notify.success(message || 'Your password has been reset. Please log in.');
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          const field = fieldErrors(error).password;
          if (field) setError('password', { type: 'server', message: field });
          notify.error(errorMessage(error, 'Password reset failed'));
        },
      },
    ),
  );

  return (
    <AuthLayout>
      <PageMeta title={'Reset password'} noindex />
      <h1 className="text-3xl font-medium tracking-wide">Reset password</h1>
      <p className="mt-4 text-sm text-gray-700">Choose a new password for your account.</p>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          // Shown live from the fields; the checker's later verdict on it must not linger once they match.
          error={
            passwordsDiffer
              ? PASSWORDS_DIFFER
              : errors.confirmPassword?.message === PASSWORDS_DIFFER
                ? undefined
                : errors.confirmPassword?.message
          }
          {...register('confirmPassword')}
        />
        <SubmitButton
          className="w-full"
          disabled={reset.isPending || !password || password !== confirmPassword}
          aria-busy={reset.isPending || undefined}
        >
          {reset.isPending ? 'Resetting...' : 'Reset password'}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        <Link to="/forgot-password" className="font-medium text-black underline underline-offset-4">
          Ask for a new link
        </Link>
      </p>
    </AuthLayout>
  );
}
