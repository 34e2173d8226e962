import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, recordingInject, type TestApp } from '../../../test/helpers';
import { type FilePart, multipartBody } from '../../../test/multipart';
import { outboxEmails, users } from '../../db/schema/users';

const png = (colour: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('profile updates and password changes', () => {
  let t: TestApp;
  const { bodies, call } = recordingInject(() => t.app);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const a = { id: '', token: '' };
  const b = { id: '', token: '' };

  const putProfile = async (userId: string, token: string, parts: Record<string, string | FilePart>) => {
    const { payload, headers } = await multipartBody(parts);
    return call({
      method: 'PUT',
      url: `/api/users/user/${userId}`,
      payload,
      headers: { ...headers, ...auth(token) },
    });
  };
  const storedFile = (url: string) => path.join(t.dataDir, url.replace(/^\//, ''));
  const mailTo = async (to: string, subject?: string) =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter(
      (m) => subject === undefined || m.subject === subject,
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const [who, email] of [
      [a, 'a@example.com'],
      [b, 'b@example.com'],
    ] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: email.slice(0, 1).toUpperCase(), email, password: 'sunrise42', phoneNumber: '123' },
      });
      who.id = res.json().user._id;
      who.token = res.json().token;
    }
  });
  afterAll(async () => t.close());

  it("refuses to update another user's profile (403)", async () => {
    const res = await putProfile(b.id, a.token, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only update your own profile' });
    const [row] = await t.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.name).toBe('B');
  });

  it('refuses isAdmin in the profile form and stays a shopper', async () => {
    const res = await putProfile(a.id, a.token, { name: 'Asha', isAdmin: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ isAdmin: 'Unknown field' });
    const json = await call({
      method: 'PUT',
      url: `/api/users/user/${a.id}`,
      headers: auth(a.token),
      payload: { isAdmin: true },
    });
    expect(json.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.isAdmin).toBe(false);
    expect(row!.name).toBe('A');
  });

  it('updates text fields and names invalid ones', async () => {
    const ok = await putProfile(a.id, a.token, { name: 'Asha Rao', email: 'A@Example.com', phoneNumber: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().updatedUser).toMatchObject({
      name: 'Asha Rao',
      email: 'a@example.com',
      phoneNumber: null,
    });
    expect(ok.json().token).toBeUndefined();
    const bad = await putProfile(a.id, a.token, { email: 'nope', phoneNumber: '12-34' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      email: 'Invalid email format',
      phoneNumber: expect.any(String),
    });
  });

  it('changes the email only with the current password', async () => {
    const missing = await putProfile(a.id, a.token, { email: 'asha.new@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ currentPassword: 'Current password is required' });
    const wrong = await putProfile(a.id, a.token, {
      email: 'asha.new@example.com',
      currentPassword: 'nope1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('currentPassword');
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(unchanged!.email).toBe('a@example.com');
    const ok = await putProfile(a.id, a.token, {
      email: 'asha.new@example.com',
      currentPassword: 'sunrise42',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().updatedUser.email).toBe('asha.new@example.com');
    const back = await putProfile(a.id, a.token, { email: 'a@example.com', currentPassword: 'sunrise42' });
    expect(back.statusCode).toBe(200);
  });

  it("checks the current password before anything is said about another account's email", async () => {
    const stolenToken = await putProfile(a.id, a.token, { email: 'B@EXAMPLE.com' });
    expect(stolenToken.statusCode).toBe(400);
    expect(stolenToken.json().fields).toEqual({ currentPassword: 'Current password is required' });
    const wrong = await putProfile(a.id, a.token, { email: 'B@EXAMPLE.com', currentPassword: 'guess-1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const owner = await putProfile(a.id, a.token, { email: 'B@EXAMPLE.com', currentPassword: 'sunrise42' });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe('This email cannot be used for your account.');
    expect(owner.body).not.toMatch(/already exists/i);
    // The address's owner hears of it.
    await vi.waitFor(async () =>
      expect((await mailTo('b@example.com')).map((m) => m.subject)).toContain(
        'Someone tried to use your email at Bazaar',
      ),
    );
  });

  it('mails the old address after an email change, and the account after a password change', async () => {
    await putProfile(a.id, a.token, { email: 'asha.moved@example.com', currentPassword: 'sunrise42' });
    await vi.waitFor(async () => {
      const mails = await mailTo('a@example.com', 'Your Bazaar email address was changed');
      expect(mails.some((m) => m.text.includes('to asha.moved@example.com'))).toBe(true);
    });
    const back = await putProfile(a.id, a.token, { email: 'a@example.com', currentPassword: 'sunrise42' });
    expect(back.statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await mailTo('asha.moved@example.com', 'Your Bazaar email address was changed')).toHaveLength(1),
    );
  });

  it('stores a picture as 256x256 WebP and removes the old one on replace', async () => {
    const first = await putProfile(a.id, a.token, {
      name: 'Asha Rao',
      profileImage: { data: await png('#ff0000'), filename: 'me.png', type: 'image/png' },
    });
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().updatedUser.profileImage;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/avatars/${a.id}-[0-9a-f]+\\.webp$`));
    // A page asks for a small copy, which the server makes and keeps.
    expect((await t.app.inject({ method: 'GET', url: `${firstUrl}?w=160` })).statusCode).toBe(200);
    const meta = await sharp(storedFile(firstUrl)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // Wrongly named and typed, but a real picture: the bytes decide.
    const second = await putProfile(a.id, a.token, {
      profileImage: { data: await png('#0000ff'), filename: 'notes.txt', type: 'text/plain' },
    });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().updatedUser.profileImage;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(storedFile(secondUrl))).toBe(true);
    expect(existsSync(storedFile(firstUrl))).toBe(false);
    // Nor is a resized copy of the old picture served any longer.
    expect((await t.app.inject({ method: 'GET', url: `${secondUrl}?w=160` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${firstUrl}?w=160` })).statusCode).toBe(404);

    const me = await call({ method: 'GET', url: '/api/users/user', headers: auth(a.token) });
    expect(me.json().user.profileImage).toBe(secondUrl);
    const served = await t.app.inject({ method: 'GET', url: secondUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/webp');
  });

  it('refuses a file that is not a picture (415) and one over 5 MB (413)', async () => {
    const fake = await putProfile(a.id, a.token, {
      profileImage: {
        data: Buffer.from('<?php echo "hi"; ?>'.repeat(50)),
        filename: 'x.png',
        type: 'image/png',
      },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const svg = await putProfile(a.id, a.token, {
      profileImage: {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        filename: 'x.svg',
        type: 'image/svg+xml',
      },
    });
    expect(svg.statusCode).toBe(415);

    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const huge = await putProfile(a.id, a.token, {
      profileImage: { data: big, filename: 'big.png', type: 'image/png' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The profile image must be at most 5 MB.',
    });
  });

  it('changes the password in the profile only with the current one, and retires old tokens', async () => {
    const none = await putProfile(a.id, a.token, { password: 'moonlight7' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ currentPassword: 'Current password is required' });
    const wrong = await putProfile(a.id, a.token, { password: 'moonlight7', currentPassword: 'sunrise43' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });

    const ok = await putProfile(a.id, a.token, {
      name: 'Asha Rao',
      password: 'moonlight7',
      currentPassword: 'sunrise42',
    });
    expect(ok.statusCode).toBe(200);
    const fresh: string = ok.json().token;
    expect(fresh).toEqual(expect.any(String));
    expect((await call({ method: 'GET', url: '/api/users/user', headers: auth(a.token) })).statusCode).toBe(
      401,
    );
    expect((await call({ method: 'GET', url: '/api/users/user', headers: auth(fresh) })).statusCode).toBe(
      200,
    );
    a.token = fresh;
    await vi.waitFor(async () =>
      expect(await mailTo('a@example.com', 'Your Bazaar password was changed')).toHaveLength(1),
    );
  });

  it('PUT /users/password checks the current password, then only the new token works', async () => {
    const wrong = await call({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth(b.token),
      payload: { currentPassword: 'not-it-1', newPassword: 'evening99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const weak = await call({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth(b.token),
      payload: { currentPassword: 'sunrise42', newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['newPassword']);

    const ok = await call({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth(b.token),
      payload: { currentPassword: 'sunrise42', newPassword: 'evening99' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password updated successfully', token: expect.any(String) });
    expect((await call({ method: 'GET', url: '/api/users/user', headers: auth(b.token) })).statusCode).toBe(
      401,
    );
    const me = await call({ method: 'GET', url: '/api/users/user', headers: auth(ok.json().token) });
    expect(me.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const [mail] = await mailTo('b@example.com', 'Your Bazaar password was changed');
      expect(mail!.text).toMatch(/signed out/);
    });
  });

  it('never sends a password hash in any reply', () => {
    for (const body of bodies) expect(body).not.toContain('scrypt$');
  });
});
