import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createOrPromoteAdmin } from '../../cli/create-admin';
import { TEST_SCRYPT_COST } from '../../config';
import { outboxEmails } from '../../db/schema/users';
import { PasswordHasher } from '../../lib/password';

const TOO_COMMON =
  'This password is too easy to guess: it is on lists of common or leaked passwords. Try a few unrelated words.';
const COMMON = ['password1', 'Password123', 'qwerty123', '12345678a', 'iloveyou1'];

describe('the password policy: long enough, not common, any script', () => {
  let t: TestApp;
  let n = 0;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const register = (password: string, name = 'Dev') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-forwarded-for': `192.0.2.${n % 250}` },
      payload: { name, email: `shopper${n++}@example.com`, password, phoneNumber: '7' },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses common and leaked passwords at registration, naming the field', async () => {
    for (const password of COMMON) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields, password).toEqual({ password: TOO_COMMON });
    }
  });

  it('refuses a password that is only the email, the name or the shop with digits added', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Ravi Shankar',
        email: 'ravishankar@example.com',
        password: 'ravishankar2024',
        phoneNumber: '7',
      },
    });
    expect(own.json().fields).toEqual({ password: TOO_COMMON });
    expect((await register('Bazaar@123')).json().fields).toEqual({ password: TOO_COMMON });
  });

  it('takes passphrases and passwords in any script, with no letter-and-digit rule', async () => {
    for (const password of [
      'correct horse battery staple',
      'पासवर्ड सुरक्षित है',
      'пароль надёжный',
      'ñandú-cigüeña',
      'मेरा घर सुंदर',
    ]) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(201);
    }
  });

  it('counts characters, not bytes: 8 Devanagari letters pass, 7 do not; 129 characters are too many', async () => {
    expect((await register('कखगघङचछज')).statusCode).toBe(201);
    const short = await register('कखगघङचछ');
    expect(short.json().fields).toEqual({ password: 'Password must be at least 8 characters long' });
    const long = await register('😀'.repeat(129));
    expect(long.json().fields).toEqual({ password: 'Password must be at most 128 characters long' });
    expect((await register('😀'.repeat(128))).statusCode).toBe(201);
  });

  it('refuses common passwords on change, on reset and in the profile', async () => {
    const reg = await register('sturdy-walnut-door-8');
    const { token, user } = reg.json();
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth(token),
      payload: { currentPassword: 'sturdy-walnut-door-8', newPassword: 'Password123' },
    });
    expect(change.json().fields).toEqual({ newPassword: TOO_COMMON });
    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/users/user/${user._id}`,
      headers: auth(token),
      payload: { password: 'qwerty123', currentPassword: 'sturdy-walnut-door-8' },
    });
    expect(profile.json().fields).toEqual({ password: TOO_COMMON });

    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const link = await vi.waitFor(async () => {
      const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
      return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/reset-password/${link}`,
      payload: { password: '12345678a' },
    });
    expect(reset.json().fields).toEqual({ password: TOO_COMMON });
    // The link was not spent by the refused password.
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/reset-password/${link}`,
      payload: { password: 'a quiet morning by the river' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a common password for create-admin', async () => {
    await expect(
      createOrPromoteAdmin(
        t.db,
        { email: 'root@shop.in', password: 'password1', name: undefined },
        new PasswordHasher(TEST_SCRYPT_COST),
      ),
    ).rejects.toThrow(/--password: This password is too easy to guess/);
  });
});
