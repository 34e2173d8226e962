import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage, startShop } from './harness';
import { latestMailTo } from './mail-sink';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
/** GET /api/users/user from inside the page with a given token: the status tells whether it still works. */
const statusWithToken = (page: Page, token: string) =>
  page.evaluate(
    async (t) => (await fetch('/api/users/user', { headers: { authorization: `Bearer ${t}` } })).status,
    token,
  );

function square(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  const main = page.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log In', exact: true }).click();
}

function avatarButton(page: Page): Locator {
  return page
    .locator('header')
    .getByRole('button', { name: /^Account menu/ })
    .first();
}

async function logOutThroughMenu(page: Page) {
  const token = (await storedToken(page))!;
  await avatarButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await toast(page, 'Logged out successfully');
  expect(await storedToken(page)).toBeNull();
  // The server ended the session: the token no longer works anywhere.
  await expect.poll(() => statusWithToken(page, token)).toBe(401);
  // A logout is never announced as an expired session.
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /Session expired/ })
      .count(),
  ).toBe(0);
}

describeInBrowser('accounts and session', () => {
  let browser: Browser;
  let page: Page;
  const email = `asha-${randomUUID().slice(0, 8)}@example.com`;
  // Passwords of the new rule: any characters, 8 or more, none from the lists of common ones.
  const firstPassword = 'Saffron lamp 42';
  const secondPassword = 'Better456';
  const resetPassword = 'Reset789x';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
  });
  afterAll(async () => browser?.close());

  it('registers a new account and signs in', async () => {
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => page.title()).toBe('Create an account | Bazaar');
    const main = page.locator('main');
    const submit = main.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);

    await main.getByLabel('Name', { exact: true }).fill('Asha Verma');
    await main.getByLabel('Email', { exact: true }).fill(email);
    // A common password is refused with the server's words, under the field.
    await main.getByLabel('Password', { exact: true }).fill('Password123');
    await main.getByLabel('Confirm Password', { exact: true }).fill('Password123');
    await main.getByLabel('Phone Number', { exact: true }).fill('9876543210');
    await submit.click();
    await main
      .getByText(/too easy to guess/)
      .first()
      .waitFor();
    expect(pathOf(page)).toBe('/register');

    await main.getByLabel('Password', { exact: true }).fill(firstPassword);
    await main.getByLabel('Confirm Password', { exact: true }).fill('Saffron lamp 43');
    await main.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await main.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    expect(await main.getByText('Passwords do not match').count()).toBe(0);
    const phone = main.getByLabel('Phone Number', { exact: true });
    await phone.fill('98-765 x');
    await expect.poll(() => phone.inputValue()).toBe('98765');
    await phone.fill('9876543210');

    // The show/hide toggle reveals the password.
    const password = main.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await main.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await submit.click();
    await toast(page, 'User Registered Successfully');
    await page.waitForURL(`${baseUrl}/`);
    expect(await storedToken(page)).toBeTruthy();
    await avatarButton(page).waitFor();
  });

  it('refuses a second account with the same email, showing the server message', async () => {
    const ctx = await newPage(browser, baseUrl);
    await ctx.goto('/register');
    const main = ctx.locator('main');
    await main.getByLabel('Name', { exact: true }).fill('Someone Else');
    await main.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await main.getByLabel('Password', { exact: true }).fill(firstPassword);
    await main.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await main.getByLabel('Phone Number', { exact: true }).fill('9123456789');
    await main.getByRole('button', { name: 'Create Account' }).click();
    await ctx.getByRole('alert').first().waitFor();
    expect(pathOf(ctx)).toBe('/register');
    expect(await ctx.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.context().close();
  });

  it('logs out through the avatar menu and logs back in', async () => {
    await logOutThroughMenu(page);
    await expect.poll(() => page.title()).toBe('Log In | Bazaar');
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    expect(await page.locator('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(
      await page.locator('main').getByRole('link', { name: 'Forgot password?' }).getAttribute('href'),
    ).toBe('/forgot-password');

    await logIn(page, email, 'Wrong1234');
    await toast(page, 'Invalid email or password');
    expect(pathOf(page)).toBe('/login');

    await logIn(page, email, firstPassword);
    await toast(page, 'Login successful!');
    await page.waitForURL(`${baseUrl}/`);
    await avatarButton(page).waitFor();
  });

  it('edits the profile with a new picture, and the header avatar follows', async () => {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Edit your profile' }).waitFor();
    await expect.poll(() => page.title()).toBe('My Profile | Bazaar');
    const main = page.locator('main');
    const name = main.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Asha Verma');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await main.getByLabel('Password', { exact: true }).isDisabled()).toBe(true);
    expect(await main.getByLabel('Email', { exact: true }).getAttribute('maxlength')).toBe('30');
    expect(await main.getByLabel('Number', { exact: true }).getAttribute('maxlength')).toBe('10');
    expect(await name.getAttribute('maxlength')).toBe('50');
    expect(await main.getByText('Admin', { exact: true }).count()).toBe(0);
    expect(await avatarButton(page).locator('img').count()).toBe(0);

    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await name.fill('   ');
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await main.getByText('Name is required').waitFor();
    await name.fill('Asha V');

    // Checked before upload: images only, at most 5 MB.
    await main.getByLabel('Choose profile picture').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await main.getByText('The picture must be at most 5 MB').waitFor();
    await main.getByLabel('Choose profile picture').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await main.getByText('Please choose an image file').waitFor();

    await main.getByLabel('Choose profile picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await square('#3366ff'),
    });
    await main.getByRole('img', { name: 'Preview of the new profile picture' }).waitFor();
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile updated successfully!');

    const avatar = avatarButton(page).locator('img');
    await avatar.waitFor();
    const firstSrc = await avatar.getAttribute('src');
    expect(firstSrc).toMatch(/\/uploads\//);
    const served = await page.evaluate(async (src) => {
      const res = await fetch(src);
      return { status: res.status, type: res.headers.get('content-type') };
    }, firstSrc!);
    expect(served).toEqual({ status: 200, type: 'image/webp' });
    await expect.poll(() => name.inputValue()).toBe('Asha V');
    expect(await main.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);

    // A second picture replaces the first: the header shows the new one.
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await main.getByLabel('Choose profile picture').setInputFiles({
      name: 'me-again.png',
      mimeType: 'image/png',
      buffer: await square('#cc3300'),
    });
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile updated successfully!');
    await expect.poll(() => avatar.getAttribute('src')).not.toBe(firstSrc);
    expect(await avatar.getAttribute('src')).toMatch(/\/uploads\//);
  });

  it('asks for the current password before moving the email', async () => {
    const main = page.locator('main');
    const emailField = main.getByLabel('Email', { exact: true });
    const moved = `moved.${email}`.slice(0, 30);
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await emailField.fill(moved);
    const current = main.getByLabel('Current password', { exact: true });
    await current.waitFor();
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await main.getByText('Current password is required').first().waitFor();

    await current.fill(firstPassword);
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile updated successfully!');
    await expect.poll(() => emailField.inputValue()).toBe(moved);

    // And back, so the journeys below sign in with the address they know.
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await emailField.fill(email);
    await current.fill(firstPassword);
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile updated successfully!');
    await expect.poll(() => emailField.inputValue()).toBe(email);
    // The next journey waits for the same toast: let this one go first.
    await page.getByText('Profile updated successfully!').first().waitFor({ state: 'hidden' });
  });

  it('changes the password from the profile; the old token stops working', async () => {
    const main = page.locator('main');
    const oldToken = (await storedToken(page))!;
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await main.getByRole('button', { name: 'Change Password' }).click();
    await main.getByLabel('New password', { exact: true }).fill(secondPassword);
    await main.getByLabel('Current password', { exact: true }).fill('NotMine123');
    await main.getByRole('button', { name: 'Update Profile' }).click();
    // A wrong current password is a form error, not the end of the session.
    await main.getByText('Current password is incorrect').first().waitFor();
    expect(await storedToken(page)).toBe(oldToken);
    expect(pathOf(page)).toBe('/profile');

    await main.getByLabel('Current password', { exact: true }).fill(firstPassword);
    await main.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile updated successfully!');
    const newToken = await storedToken(page);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect(await statusWithToken(page, oldToken)).toBe(401);
    expect(await statusWithToken(page, newToken!)).toBe(200);
    // The account's address is told of the change.
    expect(await latestMailTo(mailDir, email, { subject: 'Your Bazaar password was changed' })).toMatch(
      /signed out/,
    );
    // Still signed in with the fresh token after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit your profile' }).waitFor();
    await expect.poll(() => main.getByLabel('Name', { exact: true }).inputValue()).toBe('Asha V');
  });

  it('resets a forgotten password through the mailed link', async () => {
    await logOutThroughMenu(page);
    await page.locator('main').getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await expect.poll(() => page.title()).toBe('Forgot password | Bazaar');
    const main = page.locator('main');
    await main.getByLabel('Email', { exact: true }).fill(email);
    await main.getByRole('button', { name: 'Send reset link' }).click();
    await main.getByRole('status').filter({ hasText: 'If an account exists' }).waitFor();

    const mail = await latestMailTo(mailDir, email, { subject: 'Reset your Bazaar password' });
    const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname);
    await expect.poll(() => page.title()).toBe('Reset password | Bazaar');
    await main.getByLabel('New Password', { exact: true }).fill(resetPassword);
    await main.getByLabel('Confirm Password', { exact: true }).fill(resetPassword);
    await main.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${baseUrl}/login`);

    await logIn(page, email, secondPassword);
    await toast(page, 'Invalid email or password');
    await logIn(page, email, resetPassword);
    await toast(page, 'Login successful!');
    await page.waitForURL(`${baseUrl}/`);

    // The link is single-use.
    await page.goto(new URL(link!).pathname);
    await main.getByLabel('New Password', { exact: true }).fill('Another123');
    await main.getByLabel('Confirm Password', { exact: true }).fill('Another123');
    await main.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/reset-password\//);
  });

  it('sends a guest from /orders to /login and back to /orders after logging in', async () => {
    const guest = await newPage(browser, baseUrl);
    await guest.goto('/orders');
    await guest.waitForURL(`${baseUrl}/login?next=%2Forders`);
    await toast(guest, 'Session expired, please log in again');
    await logIn(guest, email, resetPassword);
    await guest.waitForURL(`${baseUrl}/orders`);
    await avatarButton(guest).waitFor();
    await guest.context().close();
  });

  it('restores a stored session on start and ends it when the token disappears', async () => {
    const other = await newPage(browser, baseUrl);
    const token = (await storedToken(page))!;
    await other.goto('/');
    await other.evaluate((t) => localStorage.setItem('token', t), token);
    await other.goto('/profile');
    await other.getByRole('heading', { name: 'Edit your profile' }).waitFor();
    await expect
      .poll(() => other.locator('main').getByLabel('Email', { exact: true }).inputValue())
      .toBe(email);

    await other.evaluate(() => localStorage.removeItem('token'));
    await toast(other, 'Session expired. Please log in again.');
    await other.waitForURL((url) => url.pathname === '/login');
    expect(await avatarButton(other).count()).toBe(0);
    await other.context().close();
  });

  it('ends a session the server refuses at start, on a public page too: to /login, and back after logging in', async () => {
    const other = await newPage(browser, baseUrl);
    const token = (await storedToken(page))!;
    const [head, body] = token.split('.');
    await other.goto('/');
    await other.evaluate((t) => localStorage.setItem('token', t), `${head}.${body}.forged-signature`);
    await other.goto('/contact');
    await toast(other, 'Session expired or unauthorized. Please log in again.');
    await other.waitForURL(`${baseUrl}/login?next=%2Fcontact`);
    expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The session's end said so once; nothing else adds a second message.
    expect(
      await other.getByRole('alert').filter({ hasText: 'Session expired, please log in again' }).count(),
    ).toBe(0);
    await logIn(other, email, resetPassword);
    await other.waitForURL(`${baseUrl}/contact`);
    await other.context().close();
  });

  it('signs out of every device from the profile', async () => {
    const other = await newPage(browser, baseUrl);
    await other.goto('/login');
    await logIn(other, email, resetPassword);
    await other.waitForURL(`${baseUrl}/`);
    const otherToken = (await storedToken(other))!;

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await toast(page, 'Signed out on every device');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeNull();
    await expect.poll(() => statusWithToken(page, otherToken)).toBe(401);
    await other.context().close();
  });

  it('says so when Google sign-in is not configured', async () => {
    // The shared shop has a provider; this one is started without any (and, being no demo, it must
    // choose its payments).
    const shop = await startShop({
      SEED_DEMO: 'false',
      PAYMENTS_PROVIDER: 'sandbox',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    });
    try {
      const config = (await (await fetch(`${shop.baseUrl}/api/auth/oidc/config`)).json()) as {
        enabled: boolean;
      };
      expect(config.enabled).toBe(false);
      const other = await newPage(browser, shop.baseUrl);
      await other.goto('/login');
      await other.getByRole('button', { name: 'Log In With Google' }).click();
      await toast(other, 'Sign-in with Google is not configured for this shop');
      expect(pathOf(other)).toBe('/login');
      await other.goto('/register');
      await other.getByRole('button', { name: 'Sign up with Google' }).click();
      await toast(other, 'Sign-in with Google is not configured for this shop');
      expect(pathOf(other)).toBe('/register');
      await other.context().close();
    } finally {
      await shop.stop();
    }
  });
});
