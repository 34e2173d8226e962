import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { hydrated } from './journey';

const baseUrl = inject('baseUrl');
const BANNER_TEXT = 'Summer Sale For All Swim Suits And Free Express Delivery-OFF 50%';

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Longer than the header search's pause after typing before it asks for suggestions (250 ms). */
const SUGGEST_PAUSE_MS = 1000;

describeInBrowser('the storefront shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the banner with ShopNow and the header with logo and search', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.getByText(BANNER_TEXT).waitFor();
    const banner = page.getByTestId('top-banner');
    expect(await banner.evaluate((el) => el.getBoundingClientRect().height)).toBe(50);
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    const shopNow = banner.getByRole('link', { name: 'ShopNow' });
    expect(await shopNow.getAttribute('href')).toBe('/');
    expect(await banner.getByRole('combobox', { name: 'Language' }).textContent()).toBe('English');

    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Bazaar' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(await header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(await header.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    await header.getByRole('combobox', { name: 'Search products' }).waitFor();
    expect(await header.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await page.context().close();
  });

  it('searches a trimmed, encoded term on Enter and ignores an empty one', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });

    const entries = () => page.evaluate(() => history.length);
    const before = await entries();
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(pathOf(page)).toBe('/');

    await box.fill('  cotton shirt & co  ');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/search/cotton%20shirt%20%26%20co`);
    // The empty tries came first and added no page to the history: the results are the one new entry,
    // and Back leads to where they were typed.
    expect(await entries()).toBe(before + 1);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.goForward();
    await page.waitForURL(`${baseUrl}/search/cotton%20shirt%20%26%20co`);
    // The box keeps the term of the results page; the clear button empties it.
    await expect.poll(() => box.inputValue()).toBe('cotton shirt & co');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await page.context().close();
  });

  it('offers product suggestions while typing, navigable by keyboard', async () => {
    const page = await newPage(browser, baseUrl);
    const seeded = (await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as {
      products: { _id: string; name: string }[];
    };
    const product = seeded.products[0]!;
    const term = product.name.split(' ')[0]!;
    // The page's timers run on Playwright's clock: the suggestions' typing pause is passed at once
    // instead of waited for.
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/products/suggestions') asked.push(url.searchParams.get('q') ?? '');
    });
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('s');
    await page.clock.runFor(SUGGEST_PAUSE_MS);
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.fill(term);
    await page.clock.runFor(SUGGEST_PAUSE_MS);
    const list = page.getByRole('listbox', { name: 'Product suggestions' });
    await list.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // One letter, its pause passed before the term was typed, asked nothing; the term was asked for.
    expect(asked).toEqual([term]);
    const options = list.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);

    await box.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/product\/[^/]+$/);
    expect(pathOf(page)).not.toBe('/');
    await page.context().close();
  });

  it('opens a new page at its top, and Back returns to where the shopper was', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    // The position is noted at the next frame after a scroll.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    // A product link in view, clicked where it is (a pointer click would scroll it into view first).
    const clicked = await page.evaluate(() => {
      const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href^="/product/"]'));
      const link = links.find((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 0 && box.bottom < window.innerHeight;
      });
      link?.click();
      return link && { path: link.pathname };
    });
    expect(clicked).toBeTruthy();
    const { path } = clicked!;
    await page.waitForURL((url) => url.pathname === path);
    // The address changes at once; the product page replaces the home page once its chunk is here.
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back: the page opens where it was left. (Chromium then moves it by a little: the home page
    // rendered in the browser grows above the fold once more after the restore, 138 px in this demo,
    // and the browser's scroll anchoring follows. Not the restoration's doing; a finding of issue 27.)
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(1200);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(1200 + 200);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === path);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('shows the not-found page for an unknown route, with a way back home', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/no-such-page');
    await page.getByText('Your Visited page not found. You may go to homepage').waitFor();
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('fills the red scroll-progress bar as the page scrolls', async () => {
    const page = await newPage(browser, baseUrl);
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: 'Page scroll progress' });
    await bar.waitFor({ state: 'attached' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    const fill = bar.locator('div');
    expect(await fill.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(219, 68, 68)');
    expect(await fill.evaluate((el) => el.getBoundingClientRect().width)).toBe(1280);
    await page.context().close();
  });

  it('refuses an invalid newsletter address in the footer', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByText('Get 10% off your first order').waitFor();
    await footer.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Please enter a valid email address.').waitFor();
    for (const [name, href] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms Of Use', '/terms-and-conditions'],
      ['FAQ', '/faq'],
      ['Login / Register', '/login'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.context().close();
  });

  it('counts the guest cart and wishlist in the header badges, following other tabs', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const header = page.locator('header');
    await header.getByRole('link', { name: 'Cart', exact: true }).waitFor();

    const other = await page.context().newPage();
    await other.goto('/');
    await other.evaluate(() => {
      localStorage.setItem(
        'guestCart',
        JSON.stringify([
          { _id: 'a', name: 'Shirt', price: 500, qty: 2 },
          { _id: 'b', name: 'Shoes', price: 1500, qty: 1 },
        ]),
      );
      localStorage.setItem('guestLikes', JSON.stringify([{ _id: 'c', name: 'Lamp', price: 900 }]));
    });
    // The cart badge counts units: 2 shirts and a pair of shoes.
    await header.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
    await header.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();

    await other.evaluate(() => localStorage.removeItem('guestCart'));
    await header.getByRole('link', { name: 'Cart', exact: true }).waitFor();
    await page.context().close();
  });

  it('opens the mobile menu on a small screen', async () => {
    const page = await newPage(browser, baseUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Home', 'Contact', 'About', 'Sign Up'])
      await menu.getByRole('link', { name, exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Orders History' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(`${baseUrl}/contact`);
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('gives a signed-in shopper the avatar menu, whose Logout ends the session', async () => {
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@bazaar.local', password: 'Customer@12345' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    const trigger = page.getByRole('button', { name: /^Account menu/ });
    await trigger.click();
    const menu = page.getByRole('menu');
    for (const name of ['My account', 'My orders', 'Cancellations', 'Logout']) {
      await menu.getByRole('menuitem', { name }).waitFor();
    }
    expect(await menu.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    expect(await page.locator('header').getByRole('link', { name: 'Sign Up' }).count()).toBe(0);

    // An outside click closes it.
    await page.mouse.click(10, 300);
    await menu.waitFor({ state: 'detached' });

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.locator('header').getByRole('link', { name: 'Log in' }).waitFor();
    await page.context().close();
  });
});
