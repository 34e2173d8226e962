import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startShop } from './harness';
import { startMailSink } from './mail-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the local SMTP server drops each message the shop sends (read with latestMailTo). */
    mailDir: string;
  }
}

/** One shop for the whole end-to-end run: starting and seeding it is the slow part. */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'bazaar-mail-'));
  const mail = await startMailSink(mailDir);
  const shop = await startShop({ SMTP_URL: mail.url });
  project.provide('baseUrl', shop.baseUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    await shop.stop();
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
