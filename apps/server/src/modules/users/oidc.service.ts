import { safeNext } from '@bazaar/shared';
import type * as Oidc from 'openid-client';
import type { Config } from '../../config';
import type { UsersService, VerifiedIdentity } from './users.service';

export const OIDC_NOT_CONFIGURED = 'Sign-in with Google is not configured for this shop';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** What the browser keeps between the redirect to the provider and the way back (a signed cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

/** A failure the person can be told about on the login page. */
export class OidcSignInError extends Error {}

export interface OidcServiceDeps {
  config: Pick<Config, 'oidc' | 'publicUrl'>;
  users: UsersService;
}

/**
 * 'Log In With Google': the authorization-code flow with PKCE, state and nonce
 * against one issuer (Google by default). Discovery happens on first use and
 * is retried after a failure.
 */
/** The OpenID client library, loaded by the first sign-in with Google: most shops never offer one. */
let library: Promise<typeof Oidc> | undefined;
const openidClient = () => {
  library ??= import('openid-client');
  return library;
};

export class OidcService {
  private configuration: Promise<Oidc.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(private readonly deps: OidcServiceDeps) {
    this.redirectUri = `${deps.config.publicUrl.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;
  }

  get enabled(): boolean {
    return !!(this.deps.config.oidc.clientId && this.deps.config.oidc.clientSecret);
  }

  /**
   * Finishes a sign-in from the provider's callback: the verified identity's
   * account (created on first sign-in) and a session token for it.
   */
  async signIn(search: string, pending: OidcPending): Promise<string> {
    const identity = await this.finish(search, pending);
    const user = await this.deps.users.findOrCreateFromIdentity(identity);
    return this.deps.users.startSession(user, identity.authenticatedAt);
  }

  private discover(): Promise<Oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.deps.config.oidc;
    const url = new URL(issuer);
    this.configuration ??= openidClient()
      .then((oidc) =>
        oidc.discovery(url, clientId!, clientSecret!, oidc.ClientSecretPost(clientSecret!), {
          // Plain http is only ever a local test or development provider.
          execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        }),
      )
      .catch((error) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /**
   * The provider's sign-in page for this browser. `fresh` asks it to sign the person in again
   * (`prompt=login`, `max_age=0`), so its `auth_time` proves a recent sign-in.
   */
  async start(next: string, fresh = false): Promise<{ url: string; pending: OidcPending }> {
    const config = await this.discover();
    const oidc = await openidClient();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: OidcPending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, next };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      ...(fresh ? { prompt: 'login', max_age: '0' } : {}),
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code from the callback URL and returns the verified email and profile. */
  private async finish(search: string, pending: OidcPending): Promise<VerifiedIdentity> {
    const config = await this.discover();
    const oidc = await openidClient();
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
    const authTime = typeof idClaims.auth_time === 'number' ? new Date(idClaims.auth_time * 1000) : null;
    return {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      authenticatedAt: authTime,
      email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: picture && /^https?:\/\//i.test(picture) && picture.length <= 2000 ? picture : undefined,
    };
  }
}

/** Only a same-site path may follow sign-in: the SPA's own rule, so both sides agree. */
export const safeNextPath = safeNext;
