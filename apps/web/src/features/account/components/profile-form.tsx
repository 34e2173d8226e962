import { NAME_MAX, PASSWORD_HINT, PHONE_MAX } from '@bazaar/shared/account-limits';
import type { User } from '@bazaar/shared/schemas/user';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { digitsOnly } from '@/lib/digits-only';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import type { ProfileFormValues, profileFormSchema } from '../lib/form-schemas';
import { PasswordField } from './password-field';
import { ProfilePicturePicker, profileImageProblem } from './profile-picture-picker';
import { SubmitButton } from './submit-button';

/** Input limits of the spec's profile form (its 30-character email box included). */
const LIMITS = { name: NAME_MAX, email: 30, phone: PHONE_MAX } as const;
const serverFields = ['name', 'email', 'phoneNumber', 'password', 'currentPassword'] as const;

function valuesOf(user: User): ProfileFormValues {
  return {
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    changePassword: false,
    password: '',
    currentPassword: '',
    hasPassword: user.hasPassword,
  };
}

/** An account made through Google proves it is its owner by signing in with Google again. */
function confirmWithGoogle() {
  window.location.assign(`/api/auth/oidc/start?fresh=true&next=${encodeURIComponent('/profile')}`);
}

/** 'Edit your profile': read-only until Edit; the password only after Change Password. */
export function ProfileForm({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: lazyResolver(() => import('../lib/form-schemas').then((m) => m.resolvers.profile)),
    defaultValues: valuesOf(user),
  });
  const changingPassword = watch('changePassword');
  // The server asks for the current password before it moves the email (where reset links go).
  const changingEmail = watch('email').trim().toLowerCase() !== user.email.toLowerCase();
  const askCurrentPassword = changingPassword || (editing && changingEmail);

  // Outside editing the form mirrors the session user (updated after a save).
  useEffect(() => {
    if (!editing) reset(valuesOf(user));
  }, [user, editing, reset]);

  function cancel() {
    setEditing(false);
    setPicture(null);
    setPictureError(undefined);
    reset(valuesOf(user));
  }

  function choosePicture(file: File | null) {
    const problem = file ? profileImageProblem(file) : null;
    setPictureError(problem ?? undefined);
    setPicture(problem ? null : file);
  }

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      {
        userId: user._id,
        name: values.name,
        email: values.email,
        phoneNumber: values.phoneNumber,
        password: values.changePassword ? values.password : undefined,
        currentPassword: values.changePassword || changingEmail ? values.currentPassword : undefined,
        profileImage: picture,
      },
      {
        onSuccess: () => {
          notify.success('Profile updated successfully!');
          setEditing(false);
          setPicture(null);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          for (const field of serverFields) {
            if (fields[field]) setError(field, { type: 'server', message: fields[field] });
          }
          if (fields.profileImage) setPictureError(fields.profileImage);
          notify.error(errorMessage(error, 'Profile update failed'));
        },
      },
    ),
  );

  const saving = update.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="edit-profile-heading"
      className="flex flex-col gap-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="edit-profile-heading" className="text-xl font-medium text-brand">
          Edit your profile
        </h2>
        {user.isAdmin ? (
          <span className="rounded bg-black px-3 py-1 text-xs font-medium tracking-wide text-white">
            Admin
          </span>
        ) : null}
      </div>

      <ProfilePicturePicker
        currentUrl={user.profileImage}
        file={picture}
        onFile={choosePicture}
        disabled={!editing || saving}
        error={pictureError}
      />

      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          label="Name"
          autoComplete="name"
          maxLength={LIMITS.name}
          readOnly={!editing}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          readOnly={!editing}
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label="Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={LIMITS.phone}
          readOnly={!editing}
          error={errors.phoneNumber?.message}
          {...digitsOnly(register('phoneNumber'))}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            label={changingPassword ? 'New password' : 'Password'}
            autoComplete="new-password"
            placeholder={
              changingPassword ? '' : user.hasPassword ? '••••••••' : 'Not set (you sign in with Google)'
            }
            disabled={!changingPassword}
            hint={changingPassword ? PASSWORD_HINT : undefined}
            error={errors.password?.message}
            {...register('password')}
          />
          {editing && !changingPassword ? (
            <button
              type="button"
              onClick={() => setValue('changePassword', true)}
              className="self-start text-sm font-medium text-brand hover:underline"
            >
              Change Password
            </button>
          ) : null}
        </div>
        {askCurrentPassword && user.hasPassword ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : null}
        {askCurrentPassword && !user.hasPassword ? (
          <div className="flex flex-col gap-2 text-sm">
            <p className="text-gray-700">
              To set a password or change your email, confirm it is you by signing in with Google again; then
              come back and save within ten minutes.
            </p>
            {errors.currentPassword?.message ? (
              <p role="alert" className="text-brand">
                {errors.currentPassword.message}
              </p>
            ) : null}
            <button
              type="button"
              onClick={confirmWithGoogle}
              className="self-start rounded border border-gray-300 px-4 py-2 font-medium hover:border-black"
            >
              Confirm with Google
            </button>
          </div>
        ) : null}
      </div>

      <div className="flex justify-end gap-4">
        {editing ? (
          <>
            <button
              type="button"
              onClick={cancel}
              disabled={saving}
              className="h-12 rounded px-6 text-sm hover:bg-gray-100 disabled:opacity-60"
            >
              Cancel
            </button>
            <SubmitButton disabled={saving} aria-busy={saving || undefined}>
              {saving ? 'Updating...' : 'Update Profile'}
            </SubmitButton>
          </>
        ) : (
          <SubmitButton type="button" onClick={() => setEditing(true)}>
            Edit
          </SubmitButton>
        )}
      </div>
    </form>
  );
}
