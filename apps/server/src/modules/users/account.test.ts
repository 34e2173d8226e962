import { currentUserReplySchema } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, recordingInject, type TestApp } from '../../../test/helpers';
import { outboxEmails, users } from '../../db/schema/users';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('register, log in and session tokens', () => {
  let t: TestApp;
  const { bodies, call } = recordingInject(() => t.app);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  let token = '';
  let userId = '';

  beforeAll(async () => {
    t = await createTestApp({
      authLimits: {
        loginPerAccount: { free: 2 },
        loginPerAddress: { free: 2 },
        forgotPasswordPerAddress: { free: 3 },
      },
    });
  });
  afterAll(async () => t.close());

  it('registers (201) and the token opens GET /users/user', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Asha Rao',
        email: 'Asha@Example.com',
        password: 'sunrise42',
        phoneNumber: '9876543210',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
      profileImage: null,
      isAdmin: false,
      hasPassword: true,
      createdAt: expect.any(String),
    });
    token = body.token;
    userId = body.user._id;
    const me = await call({ method: 'GET', url: '/api/users/user', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(userId);
  });

  it('refuses a second account for the same email without saying one exists, and mails the owner', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Other', email: 'ASHA@example.COM', password: 'sunrise42', phoneNumber: '1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'We could not create an account with this email. If you already have one, log in or reset your password.',
    });
    expect(res.body).not.toMatch(/already exists/i);
    await vi.waitFor(async () => {
      const mail = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'asha@example.com'));
      expect(mail.map((m) => m.subject)).toEqual(['Someone tried to use your email at Bazaar']);
    });
  });

  it('hashes the password of a taken address too, so the refusal takes as long as an account being made', async () => {
    const register = (email: string) =>
      call({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'x-forwarded-for': '10.5.0.1' },
        payload: { name: 'Prober', email, password: 'lantern-river-9', phoneNumber: '1' },
      });
    const before = t.services.passwords.counts.hashed;
    expect((await register('asha@example.com')).statusCode).toBe(409);
    expect(t.services.passwords.counts.hashed).toBe(before + 1);
    expect((await register('someone-new@example.com')).statusCode).toBe(201);
    expect(t.services.passwords.counts.hashed).toBe(before + 2);
  });

  it('names the missing and weak fields (400)', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: 'not-an-email', password: 'short', phoneNumber: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(Object.keys(fields).sort()).toEqual(['email', 'name', 'password', 'phoneNumber']);
    expect(fields.email).toBe('Invalid email format');
    expect(fields.password).toMatch(/at least 8/);
  });

  it('refuses isAdmin in a registration and creates nobody', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'sunrise42',
        phoneNumber: '1',
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ isAdmin: 'Unknown field' });
    const rows = await t.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.0.0.1' },
      payload: { email: 'asha@example.com', password: 'sunrise43' },
    });
    const unknown = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.0.0.1' },
      payload: { email: 'nobody@example.com', password: 'sunrise42' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('logs in with the right password, whatever the email case, and refuses the fromOAuth shortcut', async () => {
    const ok = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.0.0.2' },
      payload: { email: 'ASHA@example.com', password: 'sunrise42' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user._id).toBe(userId);
    const oauth = await call({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'asha@example.com', password: 'x', fromOAuth: true },
    });
    expect(oauth.statusCode).toBe(400);
    expect(oauth.json().fields).toEqual({ fromOAuth: 'Unknown field' });
  });

  it('refuses missing, tampered, alg:none and expired tokens with 401', async () => {
    const missing = await call({ method: 'GET', url: '/api/users/user' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });

    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(claims).toMatchObject({ sub: userId, sid: expect.any(String), ver: 0 });
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, ver: claims.ver + 1 })).toString(
      'base64url',
    );
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const forged = [`${h}.${otherPayload}.${s}`, `${h}.${p}.${flipped}`, `${none}.${p}.`, `${none}.${p}`];
    for (const bad of forged) {
      const res = await call({ method: 'GET', url: '/api/users/user', headers: auth(bad) });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }

    const expired = await new SignJWT({ ver: 0, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('bazaar')
      .setAudience('bazaar-session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86400)
      .sign(new TextEncoder().encode(SECRET));
    const res = await call({ method: 'GET', url: '/api/users/user', headers: auth(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');

    const otherKey = await new SignJWT({ ver: 0, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('bazaar')
      .setAudience('bazaar-session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await call({ method: 'GET', url: '/api/users/user', headers: auth(otherKey) })).statusCode).toBe(
      401,
    );
  });

  it('refuses the token of a deleted user', async () => {
    const reg = await call({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Gone Soon', email: 'gone@example.com', password: 'sunrise42', phoneNumber: '2' },
    });
    const { token: goneToken, user } = reg.json();
    expect((await call({ method: 'GET', url: '/api/users/user', headers: auth(goneToken) })).statusCode).toBe(
      200,
    );
    await t.db.delete(users).where(eq(users.id, user._id));
    const res = await call({ method: 'GET', url: '/api/users/user', headers: auth(goneToken) });
    expect(res.statusCode).toBe(401);
  });

  it('limits failed logins per account with a clear 429', async () => {
    const attempt = (ip: string) =>
      call({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': ip },
        payload: { email: 'asha@example.com', password: 'wrong-one-1' },
      });
    // Failures from different addresses: the per-account limit (2) is reached, not the per-IP one.
    for (const ip of ['10.1.0.1', '10.1.0.2']) expect((await attempt(ip)).statusCode).toBe(401);
    const blocked = await attempt('10.1.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please try again in 30 seconds.',
    });
    expect(Number(blocked.headers['retry-after'])).toBe(30);
    // Even the right password waits: a guessed password must not be confirmed during the lockout.
    const right = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.1.0.5' },
      payload: { email: 'asha@example.com', password: 'sunrise42' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits failed logins per IP across accounts', async () => {
    const emails = ['p1@example.com', 'p2@example.com'];
    for (const email of emails) {
      const res = await call({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': '10.2.0.1' },
        payload: { email, password: 'sunrise42' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.2.0.1' },
      payload: { email: 'p3@example.com', password: 'sunrise42' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('limits forgot-password per IP', async () => {
    const ask = () =>
      call({
        method: 'POST',
        url: '/api/users/forgot-password',
        headers: { 'x-forwarded-for': '10.3.0.1' },
        payload: { email: 'nobody@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const blocked = await ask();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/,
    );
  });

  it('says when sign-in with Google is not configured', async () => {
    const config = await call({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(config.json()).toEqual({ enabled: false });
    const start = await call({ method: 'GET', url: '/api/auth/oidc/start?next=/orders' });
    expect(start.statusCode).toBe(404);
    expect(start.json().message).toBe('Sign-in with Google is not configured for this shop');
  });

  it('strips fields outside the reply schema, so a leaked row cannot carry its hash', () => {
    const serialize = serializerCompiler({
      schema: currentUserReplySchema,
      method: 'GET',
      url: '/api/users/user',
      httpStatus: '200',
    });
    const row = {
      _id: userId,
      name: 'Asha',
      email: 'asha@example.com',
      phoneNumber: null,
      profileImage: null,
      isAdmin: false,
      hasPassword: true,
      createdAt: new Date().toISOString(),
      passwordHash: 'scrypt$131072$8$1$salt$hash',
      tokenVersion: 3,
    };
    const json = JSON.parse(serialize({ user: row }) as string);
    expect(Object.keys(json.user).sort()).toEqual(
      ['_id', 'createdAt', 'email', 'hasPassword', 'isAdmin', 'name', 'phoneNumber', 'profileImage'].sort(),
    );
  });

  it('documents the account routes in the OpenAPI', async () => {
    const doc = (await call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/users/register',
      '/api/users/login',
      '/api/users/logout',
      '/api/users/user',
      '/api/users/user/{userId}',
      '/api/users/password',
      '/api/users/forgot-password',
      '/api/users/reset-password/{token}',
      '/api/auth/oidc/start',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('marks every reply with personal data or a token no-store, so no cache keeps it', async () => {
    const login = await call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': '10.4.0.1' },
      payload: { email: 'register-nostore@example.com', password: 'whatever-it-is' },
    });
    const register = await call({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-forwarded-for': '10.4.0.2' },
      payload: { name: 'Nisha', email: 'nisha@example.com', password: 'lantern-river-9', phoneNumber: '3' },
    });
    const fresh = register.json().token as string;
    const me = await call({ method: 'GET', url: '/api/users/user', headers: auth(fresh) });
    const password = await call({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth(fresh),
      payload: { currentPassword: 'lantern-river-9', newPassword: 'lantern-river-10' },
    });
    const profile = await call({
      method: 'PUT',
      url: `/api/users/user/${register.json().user._id}`,
      headers: auth(password.json().token),
      payload: { name: 'Nisha R' },
    });
    for (const res of [login, register, me, password, profile]) {
      expect([res.statusCode, res.headers['cache-control']]).toEqual([res.statusCode, 'no-store']);
    }
    expect([register.statusCode, me.statusCode, password.statusCode, profile.statusCode]).toEqual([
      201, 200, 200, 200,
    ]);
  });

  it('never sends a password hash in any reply', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain('scrypt$');
      expect(body).not.toMatch(/password_?hash/i);
    }
  });
});
