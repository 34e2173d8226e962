import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestIdentity {
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes who the next sign-in is (the interaction logs in automatically). */
  setIdentity(identity: TestIdentity): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider on a free local port, with one confidential client
 * for `redirectUri`. Its login and consent screens answer at once, as the
 * configured identity, so a test (or E2E browser) just follows redirects.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}): Promise<TestOidcProvider> {
  let identity: TestIdentity = { ...options };
  const clientId = 'bazaar-test';
  const clientSecret = 'bazaar-test-secret-0123456789abcdef';
  let provider: InstanceType<typeof Provider> | undefined;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      finishInteraction(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Google puts email and profile in the ID token too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['bazaar-test-cookie-key'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        name: identity.name,
        ...(identity.picture ? { picture: identity.picture } : {}),
      }),
    }),
  });
  // oidc-provider logs every handled error to stderr by default; tests only need the redirects.
  provider.on('server_error', () => {});

  return {
    issuer,
    clientId,
    clientSecret,
    setIdentity(next) {
      identity = { ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function finishInteraction(
    p: InstanceType<typeof Provider>,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      // The account id is derived from the email, as a provider's stable subject would be.
      const accountId = `sub-${Buffer.from(identity.email).toString('hex')}`;
      await p.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId
      ? await p.Grant.find(details.grantId)
      : new p.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
}
