import { loginBodySchema, nameSchema, passwordRules } from '@bazaar/shared/schemas/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PASSWORDS_DIFFER } from './form-messages';

// The account forms' schemas, built from the request rules in packages/shared so the browser refuses
// exactly what the server refuses (one name rule for registration and the profile).

export { PASSWORDS_DIFFER };

const requiredEmail = z.string().trim().min(1, 'Email is required').pipe(passwordRules.email);

export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: requiredEmail,
    password: passwordRules.password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    phoneNumber: z.string().trim().min(1, 'Phone number is required').pipe(passwordRules.phone),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/**
 * 'Edit your profile': the password fields count only after Change Password. An account without a
 * password (made through Google) proves itself with a fresh Google sign-in instead of a current password.
 */
export const profileFormSchema = z
  .object({
    name: nameSchema,
    email: requiredEmail,
    phoneNumber: z.union([z.literal(''), passwordRules.phone]),
    changePassword: z.boolean(),
    password: z.string(),
    currentPassword: z.string(),
    hasPassword: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (!v.changePassword) return;
    const strength = passwordRules.password.safeParse(v.password);
    if (!strength.success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: strength.error.issues[0]?.message ?? '' });
    }
    if (v.hasPassword && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required' });
    }
  });
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export const forgotFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(passwordRules.email),
});

export const resetFormSchema = z
  .object({
    password: passwordRules.password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/** The account forms' resolvers: this module is what `lazyResolver` loads on a form's first check. */
export const resolvers = {
  login: zodResolver(loginBodySchema),
  register: zodResolver(registerFormSchema),
  profile: zodResolver(profileFormSchema),
  forgot: zodResolver(forgotFormSchema),
  reset: zodResolver(resetFormSchema),
};
