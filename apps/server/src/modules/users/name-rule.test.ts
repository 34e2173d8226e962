import { NAME_MAX } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';

// One name rule (packages/shared) for registration and profile updates: whatever registers can be saved.
describe('the name rule on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('saves, through the profile form, every name registration accepted', async () => {
    for (const [i, name] of ['Al', 'A', '  Bo  ', 'x'.repeat(NAME_MAX), 'अमित', 'José Ñúñez'].entries()) {
      const email = `name${i}@example.com`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { name, email, password: 'sunrise42', phoneNumber: '9876543210' },
      });
      expect(registered.statusCode, name).toBe(201);
      const { user, token } = registered.json();
      expect(user.name).toBe(name.trim());

      // The profile form sends the fields as they are shown: the registered name, unchanged.
      const { payload, headers } = await multipartBody({ name: user.name, email, phoneNumber: '9876543210' });
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/users/user/${user._id}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(saved.statusCode, name).toBe(200);
      expect(saved.json().updatedUser.name).toBe(name.trim());
    }
  });

  it('refuses control characters in a name at registration and on update alike (400 naming the field)', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Al\u0000', email: 'nul@example.com', password: 'sunrise42', phoneNumber: '1' },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().fields).toEqual({ name: 'Name must not contain control characters' });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Al', email: 'al@example.com', password: 'sunrise42', phoneNumber: '1' },
    });
    const { user, token } = ok.json();
    const { payload, headers } = await multipartBody({ name: 'A\nl' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/users/user/${user._id}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().fields).toEqual({ name: 'Name must not contain control characters' });
  });
});
