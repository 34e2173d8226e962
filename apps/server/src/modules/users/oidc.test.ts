import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';
import { outboxEmails, userIdentities, users } from '../../db/schema/users';

const SHOP = 'http://shop.test';

/**
 * A minimal browser: follows redirects, keeps cookies per host, and sends
 * requests for the shop to the app through inject (it does not listen).
 */
function browser(t: TestApp) {
  const jar = new Map<string, Map<string, string>>();
  const cookieHeader = (url: URL) =>
    [...(jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (url: URL, setCookies: string[]) => {
    const cookies = jar.get(url.host) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    jar.set(url.host, cookies);
  };

  /** Follows redirects from `start` until the shop's /login page, whose URL (with fragment) is returned. */
  return async function signIn(start: string): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < 20; hop++) {
      if (url.origin === SHOP && url.pathname === '/login') return url;
      let status: number;
      let location: string | undefined;
      if (url.origin === SHOP) {
        const res = await t.app.inject({
          method: 'GET',
          url: url.pathname + url.search,
          headers: { cookie: cookieHeader(url) },
        });
        const set = res.headers['set-cookie'];
        keep(url, set === undefined ? [] : Array.isArray(set) ? set : [set]);
        status = res.statusCode;
        location = res.headers.location as string | undefined;
      } else {
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(url) } });
        keep(url, res.headers.getSetCookie());
        status = res.status;
        location = res.headers.get('location') ?? undefined;
        await res.arrayBuffer();
      }
      if (status < 300 || status >= 400 || !location)
        throw new Error(`stopped at ${url.href} with ${status}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  };
}

describe('sign-in with Google (OpenID Connect)', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: `${SHOP}/api/auth/oidc/callback`,
      email: 'Priya@Example.com',
      name: 'Priya Nair',
      picture: 'https://images.example/priya.png',
    });
    t = await createTestApp({
      publicUrl: SHOP,
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

  it('says it is enabled and redirects to the provider with PKCE, state and nonce', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc/config' })).json()).toEqual({
      enabled: true,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?next=/orders' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(provider.issuer);
    for (const p of ['code_challenge', 'state', 'nonce']) expect(location.searchParams.get(p)).toBeTruthy();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(`${SHOP}/api/auth/oidc/callback`);
    expect(String(res.headers['set-cookie'])).toMatch(
      /bazaar_oidc=.+; Path=\/api\/auth\/oidc; .*HttpOnly; SameSite=Lax/,
    );
  });

  it('creates the account on first sign-in and hands the SPA a working token', async () => {
    const landed = await browser(t)(`${SHOP}/api/auth/oidc/start?next=/orders`);
    const fragment = fragmentOf(landed);
    expect(fragment.get('error')).toBeNull();
    expect(fragment.get('next')).toBe('/orders');
    const token = fragment.get('token')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: 'priya@example.com',
      name: 'Priya Nair',
      profileImage: 'https://images.example/priya.png',
      isAdmin: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'priya@example.com'));
    expect(row!.passwordHash).toBeNull();
    // No password: the login form cannot be used to get in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'priya@example.com', password: 'anything1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('finds the same account on a second sign-in', async () => {
    const landed = await browser(t)(`${SHOP}/api/auth/oidc/start`);
    const token = fragmentOf(landed).get('token')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.email).toBe('priya@example.com');
    expect(fragmentOf(landed).get('next')).toBe('/');
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('refuses an email the provider has not verified', async () => {
    provider.setIdentity({ email: 'unverified@example.com', name: 'Un Verified', emailVerified: false });
    const landed = await browser(t)(`${SHOP}/api/auth/oidc/start`);
    expect(fragmentOf(landed).get('token')).toBeNull();
    expect(fragmentOf(landed).get('error')).toMatch(/not verified/);
    expect(await t.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toHaveLength(0);
  });

  it('keeps only same-site paths as the place to return to', async () => {
    provider.setIdentity({ email: 'priya@example.com', name: 'Priya Nair' });
    for (const next of ['//evil.example/x', '/.//evil.example', '/\\evil.example']) {
      const landed = await browser(t)(`${SHOP}/api/auth/oidc/start?next=${encodeURIComponent(next)}`);
      expect(fragmentOf(landed).get('next'), JSON.stringify(next)).toBe('/');
    }
  });

  it('never signs a Google sign-in into an account someone registered with a password for that email', async () => {
    // An attacker registers the address first, with a password of their own.
    const attacker = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Not The CEO',
        email: 'ceo@corp.test',
        password: 'attacker-knows-this-1',
        phoneNumber: '1',
      },
    });
    expect(attacker.statusCode).toBe(201);
    // The real owner of the address signs in with Google: no session in that account.
    provider.setIdentity({ email: 'ceo@corp.test', name: 'Real CEO' });
    const landed = await browser(t)(`${SHOP}/api/auth/oidc/start?next=/orders`);
    const fragment = fragmentOf(landed);
    expect(fragment.get('token')).toBeNull();
    expect(fragment.get('error')).toMatch(/Log in with its password to link your Google account/);
    expect(fragment.get('email')).toBe('ceo@corp.test');
    expect(fragment.get('link')).toEqual(expect.any(String));
    expect(fragment.get('next')).toBe('/orders');
    const [account] = await t.db.select().from(users).where(eq(users.email, 'ceo@corp.test'));
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, account!.id))).toEqual(
      [],
    );
  });

  it("links Google to a password account once its owner logs in with the account's password", async () => {
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Anil', email: 'anil@example.com', password: 'river-stone-lamp-2', phoneNumber: '1' },
    });
    provider.setIdentity({ email: 'anil@example.com', name: 'Anil K' });
    const ticket = fragmentOf(await browser(t)(`${SHOP}/api/auth/oidc/start`)).get('link')!;
    // A wrong password links nothing.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'anil@example.com', password: 'not-the-password', link: ticket },
    });
    expect(wrong.statusCode).toBe(401);
    // A ticket is for its own email only, and must be ours.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'anil@example.com', password: 'river-stone-lamp-2', link: `${ticket}x` },
    });
    expect(forged.statusCode).toBe(400);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'anil@example.com', password: 'river-stone-lamp-2', link: ticket },
    });
    expect(linked.statusCode).toBe(200);
    // From now on Google signs straight into that account.
    const landed = await browser(t)(`${SHOP}/api/auth/oidc/start`);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${fragmentOf(landed).get('token')}` },
    });
    expect(me.json().user._id).toBe(owner.json().user._id);
  });

  it('asks an account without a password for a fresh Google sign-in before it sets one or moves its email', async () => {
    provider.setIdentity({ email: 'priya@example.com', name: 'Priya Nair' });
    const stale = fragmentOf(await browser(t)(`${SHOP}/api/auth/oidc/start`)).get('token')!;
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/users/user',
        headers: { authorization: `Bearer ${stale}` },
      })
    ).json().user;
    const put = (token: string, payload: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/user/${me._id}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    // A token alone (stolen, say) can neither set a password nor move the email.
    const attempts: Record<string, string>[] = [
      { password: 'my-own-new-phrase-9' },
      { email: 'thief@example.com' },
    ];
    for (const payload of attempts) {
      const refused = await put(stale, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        currentPassword:
          'To set a password or change your email, first confirm it is you: sign in with Google again.',
      });
    }
    expect(me.hasPassword).toBe(false);
    // Signing in again at the provider proves it.
    const fresh = fragmentOf(await browser(t)(`${SHOP}/api/auth/oidc/start?fresh=true&next=/profile`));
    expect(fresh.get('next')).toBe('/profile');
    const moved = await put(fresh.get('token')!, { email: 'priya.nair@example.com' });
    expect(moved.statusCode).toBe(200);
    const withPassword = await put(fresh.get('token')!, { password: 'my-own-new-phrase-9' });
    expect(withPassword.statusCode).toBe(200);
    expect(withPassword.json().updatedUser.hasPassword).toBe(true);
    // The old address hears of the move.
    await vi.waitFor(async () => {
      const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'priya@example.com'));
      expect(mails.map((m) => m.subject)).toContain('Your Bazaar email address was changed');
    });
  });

  it('refuses a callback without the state cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=def' });
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location as string, SHOP);
    expect(target.pathname).toBe('/login');
    expect(fragmentOf(target).get('error')).toMatch(/try again/);
  });
});
