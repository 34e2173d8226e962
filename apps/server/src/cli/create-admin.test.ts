import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { TEST_SCRYPT_COST } from '../config';
import { PasswordHasher } from '../lib/password';
import { createOrPromoteAdmin, parseCreateAdminArgs, UsageError } from './create-admin';

const passwords = new PasswordHasher(TEST_SCRYPT_COST);

describe('create-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('checks its arguments with the registration rules', () => {
    expect(() => parseCreateAdminArgs([])).toThrow(UsageError);
    expect(() => parseCreateAdminArgs(['--email', 'x', '--password', 'sunrise42'])).toThrow(/email/);
    expect(() => parseCreateAdminArgs(['--email', 'a@b.co', '--password', 'short'])).toThrow(/password/);
    expect(() => parseCreateAdminArgs(['--email', 'a@b.co', '--password', 'sunrise42', '--admin'])).toThrow(
      UsageError,
    );
    expect(
      parseCreateAdminArgs(['--email', 'Boss@Shop.in', '--password', 'sunrise42', '--name', 'Boss']),
    ).toEqual({
      email: 'boss@shop.in',
      password: 'sunrise42',
      name: 'Boss',
    });
  });

  it('creates an admin who can log in, and promotes an existing shopper', async () => {
    expect(
      await createOrPromoteAdmin(
        t.db,
        { email: 'boss@shop.in', password: 'sunrise42', name: 'Boss' },
        passwords,
      ),
    ).toBe('Created admin: boss@shop.in');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'boss@shop.in', password: 'sunrise42' },
    });
    expect(login.json().user).toMatchObject({ name: 'Boss', isAdmin: true });

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Shopper', email: 'shopper@shop.in', password: 'sunrise42', phoneNumber: '1' },
    });
    const oldToken = reg.json().token;
    expect(
      await createOrPromoteAdmin(
        t.db,
        {
          email: 'SHOPPER@shop.in',
          password: 'moonlight7',
          name: undefined,
        },
        passwords,
      ),
    ).toBe('Promoted to admin: shopper@shop.in (password set)');
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'shopper@shop.in', password: 'moonlight7' },
    });
    expect(again.json().user).toMatchObject({ name: 'Shopper', isAdmin: true });
  });
});
