import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { describe, it } from 'vitest';

export { freePort, type Shop, startShop } from './shop';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
/** A CI run: `CI=true` (set by CI services and by .ci/run). */
const onCI = ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

/**
 * `describe` for a suite that drives Chromium. Without Chromium the suite is skipped on a developer's
 * machine but fails on CI: a green CI run without a single browser journey would prove nothing.
 */
export function describeInBrowser(name: string, suite: () => void): void {
  if (hasChromium) {
    describe(name, suite);
  } else if (onCI) {
    describe(name, () => {
      it('runs in Chromium', () => {
        throw new Error(
          `Chromium was not found at ${chromiumPath}, and CI=true does not skip browser journeys. ` +
            "Install Debian's chromium package (as .ci/run does) or point CHROMIUM_PATH at a Chromium binary.",
        );
      });
    });
  } else {
    describe.skip(`${name} (skipped: no Chromium at ${chromiumPath})`, suite);
  }
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(options: { ignoreDefaultArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A fresh page (own storage) whose uncaught errors fail loudly in the test output. */
export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`[browser] ${error.message}`);
  });
  return page;
}
