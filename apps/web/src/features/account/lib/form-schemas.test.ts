import { NAME_MAX, profileUpdateFieldsSchema, registerBodySchema } from '@bazaar/shared/schemas/user';
import { describe, expect, it } from 'vitest';
import { profileFormSchema, registerFormSchema } from './form-schemas';

const registration = { email: 'al@example.com', password: 'sunrise42', phoneNumber: '9876543210' };
const registerForm = (name: string) => ({ ...registration, name, confirmPassword: registration.password });
const profileForm = (name: string) => ({
  name,
  email: registration.email,
  phoneNumber: registration.phoneNumber,
  changePassword: false,
  password: '',
  currentPassword: '',
  hasPassword: true,
});

const NAMES = [
  'Al',
  'A',
  '  Al  ',
  'Asha Verma',
  'x'.repeat(NAME_MAX),
  'अमित',
  '李小龙',
  '',
  '   ',
  'A\nl',
  'Al\u0000',
  'x'.repeat(NAME_MAX + 1),
];

describe('the account forms and the name rule', () => {
  it('lets the profile form save every name the register form and the server accepted (e.g. "Al")', () => {
    for (const name of NAMES) {
      const registered =
        registerFormSchema.safeParse(registerForm(name)).success &&
        registerBodySchema.safeParse({ ...registration, name }).success;
      const saved = profileFormSchema.safeParse(profileForm(name));
      expect(saved.success, `profile form, ${JSON.stringify(name)}`).toBe(registered);
      // What the form sends, the server's profile update accepts too.
      if (saved.success)
        expect(profileUpdateFieldsSchema.safeParse({ name: saved.data.name }).success).toBe(true);
    }
    expect(profileFormSchema.safeParse(profileForm('Al')).success).toBe(true);
  });

  it("tells the shopper what is wrong with a name in the server's words", () => {
    const message = (name: string) =>
      profileFormSchema.safeParse(profileForm(name)).error?.issues.find((i) => i.path[0] === 'name')?.message;
    expect(message('  ')).toBe('Name is required');
    expect(message('x'.repeat(NAME_MAX + 1))).toBe(`Name must be at most ${NAME_MAX} characters long`);
    expect(message('A\tl')).toBe('Name must not contain control characters');
  });

  it('asks for a strong new password and the current one only after Change Password', () => {
    expect(profileFormSchema.safeParse({ ...profileForm('Al'), password: 'weak' }).success).toBe(true);
    const changing = profileFormSchema.safeParse({
      ...profileForm('Al'),
      changePassword: true,
      password: 'weak',
    });
    expect(changing.error?.issues.map((i) => i.path[0]).sort()).toEqual(['currentPassword', 'password']);
  });

  it('follows the password rule: passphrases and any script, at least 8 characters, no composition rule', () => {
    const registering = (password: string) =>
      registerFormSchema.safeParse({ ...registerForm('Al'), password, confirmPassword: password });
    for (const password of [
      'correct horse battery staple',
      'पासवर्ड सुरक्षित',
      'пароль надёжный',
      'onlyletters',
    ]) {
      expect(registering(password).success, password).toBe(true);
    }
    expect(registering('short').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('asks an account without a password for no current password (it confirms with Google instead)', () => {
    const googleOnly = {
      ...profileForm('Al'),
      hasPassword: false,
      changePassword: true,
      password: 'a long new phrase',
    };
    expect(profileFormSchema.safeParse(googleOnly).success).toBe(true);
  });
});
