import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';

const baseUrl = inject('baseUrl');
const oidcEmail = inject('oidcEmail');

describeInBrowser('Log In With Google (local OpenID provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('creates the account on first sign-in and returns to the page the shopper came from', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/orders');
    await page.waitForURL(/\/login\?next=%2Forders/);
    await page.getByRole('button', { name: 'Log In With Google' }).click();
    await page.waitForURL(`${baseUrl}/orders`);

    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const res = await fetch('/api/users/user', { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as { user: { email: string; name: string } };
    });
    expect(me.user.email).toBe(oidcEmail);
    expect(me.user.name).toBe('Gita Google');
    await page.context().close();
  });
});
