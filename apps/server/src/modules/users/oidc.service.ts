import { toAccountName } from '@bazaar/shared';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findUserByEmail, insertUser, isUniqueViolation, type UserRow, updateUser } from './users.repo';

export const OIDC_NOT_CONFIGURED = 'Sign-in with Google is not configured for this shop';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** What the browser keeps between the redirect to the provider and the way back (a signed cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

export interface VerifiedIdentity {
  email: string;
  name: string | undefined;
  picture: string | undefined;
}

/** A failure the person can be told about on the login page. */
export class OidcSignInError extends Error {}

/**
 * The authorization-code flow with PKCE, state and nonce against one issuer
 * (Google by default). Discovery happens on first use and is retried after a failure.
 */
export class OidcSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(
    private readonly settings: Config['oidc'],
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;
  }

  get enabled(): boolean {
    return !!(this.settings.clientId && this.settings.clientSecret);
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const url = new URL(issuer);
    // Plain http is only ever a local test or development provider.
    const execute = url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    this.configuration ??= oidc
      .discovery(url, clientId!, clientSecret!, oidc.ClientSecretPost(clientSecret!), {
        execute,
        timeout: 10,
      })
      .catch((error) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async start(next: string): Promise<{ url: string; pending: OidcPending }> {
    const config = await this.discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: OidcPending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, next };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code from the callback URL and returns the verified email and profile. */
  async finish(search: string, pending: OidcPending): Promise<VerifiedIdentity> {
    const config = await this.discover();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = search;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcSignInError('Login failed, please try again');
    // Some providers put email and profile only in userinfo, not in the ID token.
    const claims: Record<string, unknown> =
      typeof idClaims.email === 'string'
        ? idClaims
        : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new OidcSignInError('Google did not share an email address for this account');
    if (claims.email_verified !== true && claims.email_verified !== 'true') {
      throw new OidcSignInError(
        'Google has not verified this email address, so it cannot be used to sign in',
      );
    }
    const picture = typeof claims.picture === 'string' ? claims.picture : undefined;
    return {
      email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: picture && /^https?:\/\//i.test(picture) && picture.length <= 2000 ? picture : undefined,
    };
  }
}

/**
 * Finds the account with this verified email or creates one without a password.
 * The provider vouches for the address, so an existing account is signed into.
 */
export async function findOrCreateOidcUser(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    if (!existing.profileImage && identity.picture) {
      return (await updateUser(db, existing.id, { profileImage: identity.picture })) ?? existing;
    }
    return existing;
  }
  const name = toAccountName(identity.name) ?? toAccountName(identity.email.split('@')[0]) ?? 'Shopper';
  try {
    return await insertUser(db, {
      name,
      email: identity.email,
      passwordHash: null,
      profileImage: identity.picture ?? null,
    });
  } catch (error) {
    // Two sign-ins racing for one new email: the other one created it.
    const raced = isUniqueViolation(error) ? await findUserByEmail(db, identity.email) : undefined;
    if (raced) return raced;
    throw error;
  }
}

/** Only a same-site path may follow sign-in, never another origin (`//evil.example`, `/\evil`). */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return '/';
  }
  return next.length > 500 ? '/' : next;
}
