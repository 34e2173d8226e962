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

  it('moves a guest’s cart and wishlist into the account, as login and register do', async () => {
    const page = await newPage(browser, baseUrl);
    const header = page.locator('header');
    const main = page.locator('main');
    await page.goto('/search/Juttis');
    const card = main.getByRole('article', { name: 'Embroidered Juttis' });
    await card.hover();
    await card.getByRole('button', { name: 'Add To cart' }).click();
    await header.getByRole('link', { name: 'Cart, 1 item', exact: true }).waitFor();
    await page.goto('/search/Swim Wrap');
    await main.getByRole('button', { name: 'Add Swim Wrap Dress to wishlist' }).click();
    await header.getByRole('link', { name: 'Wishlist, 1 item', exact: true }).waitFor();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In With Google' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
    await expect.poll(() => stored('guestCart')).toBeNull();
    await expect.poll(() => stored('guestLikes')).toBeNull();

    // The account holds them now: a fresh load asks the server.
    await page.goto('/cart');
    await main.getByRole('row', { name: /Embroidered Juttis/ }).waitFor();
    await page.goto('/wishlist');
    await main.getByRole('article', { name: 'Swim Wrap Dress' }).waitFor();
    await page.context().close();
  });
});
