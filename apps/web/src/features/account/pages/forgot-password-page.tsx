import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { PageMeta } from '@/lib/page-meta';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { SubmitButton } from '../components/submit-button';

import type { forgotFormSchema } from '../lib/form-schemas';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotFormSchema>, unknown, z.output<typeof forgotFormSchema>>({
    resolver: lazyResolver(() => import('../lib/form-schemas').then((m) => m.resolvers.forgot)),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    forgot.mutate(
      { email },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) => notify.error(errorMessage(error, 'Failed to send reset email')),
      },
    ),
  );

  return (
    <AuthLayout>
      <PageMeta title={'Forgot password'} noindex />
      <h1 className="text-3xl font-medium tracking-wide">Forgot password</h1>
      {forgot.isSuccess ? (
        <div className="mt-6">
          {/* The same answer whether or not the address has an account. */}
          <p role="status" className="text-sm text-gray-700">
            {forgot.data.message}
          </p>
          <Link to="/login" className="mt-6 inline-block text-sm font-medium underline underline-offset-4">
            Back to Log In
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <SubmitButton
              className="w-full"
              disabled={forgot.isPending}
              aria-busy={forgot.isPending || undefined}
            >
              {forgot.isPending ? 'Sending...' : 'Send reset link'}
            </SubmitButton>
          </form>
          <p className="mt-6 text-center text-sm text-gray-600">
            Remembered it?{' '}
            <Link to="/login" className="font-medium text-black underline underline-offset-4">
              Log In
            </Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
