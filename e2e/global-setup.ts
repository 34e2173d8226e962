import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../apps/server/test/oidc-provider';
import { freePort, startShop } from './harness';
import { startMailSink } from './mail-sink';

/** Who "Log In With Google" signs in as, on the local OpenID provider. */
export const OIDC_IDENTITY = { email: 'google.shopper@example.com', name: 'Gita Google' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the local SMTP server drops each message the shop sends (read with latestMailTo). */
    mailDir: string;
    oidcEmail: string;
  }
}

/**
 * One shop for the whole end-to-end run (starting and seeding it is the slow
 * part), wired to real local counterparts: an SMTP server and an OpenID provider.
 */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'bazaar-mail-'));
  const mail = await startMailSink(mailDir);
  const port = await freePort();
  const oidc = await startOidcProvider({
    redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback`,
    ...OIDC_IDENTITY,
  });
  const shop = await startShop(
    {
      SMTP_URL: mail.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
    },
    port,
  );
  project.provide('baseUrl', shop.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('oidcEmail', OIDC_IDENTITY.email);
  return async () => {
    await shop.stop();
    await oidc.close();
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
