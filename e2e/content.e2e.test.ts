import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { HELP_ARTICLE_SLUGS, POLICY_PATHS } from '../apps/web/src/features/content/routes';
import { describeInBrowser, launchBrowser, newPage } from './harness';

const baseUrl = inject('baseUrl');
const NOT_FOUND_TEXT = 'Your Visited page not found';

/** Pages this feature owns: each must have one h1 and no skipped heading level. */
const CONTENT_PATHS = new Set([
  '/faq',
  '/help',
  '/about',
  ...HELP_ARTICLE_SLUGS.map((slug) => `/${slug}`),
  ...Object.keys(POLICY_PATHS).map((path) => `/${path}`),
]);

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b2] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Waits until the route has rendered its heading (lazy chunks and guards settle first). */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
}

/** Every href in the given part of the page, as written. */
function hrefs(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} a[href]`, (links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describeInBrowser('help, FAQ and policy pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('filters the FAQ by search and category, highlights the active chip and expands a question', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(await page.title()).toBe('FAQ | Bazaar');

    const chips = page.getByRole('group', { name: 'Question categories' });
    const all = chips.getByRole('button', { name: 'All Questions' });
    const payment = chips.getByRole('button', { name: 'Payment & Pricing' });
    expect(await all.getAttribute('aria-pressed')).toBe('true');
    expect(await payment.getAttribute('aria-pressed')).toBe('false');

    // Search matches answers too, whatever the case.
    const search = page.getByRole('searchbox', { name: 'Search questions' });
    await search.fill('NET BANKING');
    await page.getByRole('button', { name: 'When will I get my refund?' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'How do I track my order?' }).count()).toBe(0);

    await search.fill('');
    await payment.click();
    expect(await payment.getAttribute('aria-pressed')).toBe('true');
    expect(await all.getAttribute('aria-pressed')).toBe('false');
    // Read the colours once the chips' colour transitions have run, not halfway through them.
    const style = (chip: typeof all) =>
      chip.evaluate(async (el) => {
        await Promise.all(el.getAnimations().map((a) => a.finished));
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color };
      });
    const active = await style(payment);
    const inactive = await style(all);
    expect(active.background).not.toBe(inactive.background);
    expect(active.color).not.toBe(inactive.color);
    expect(contrast(active.background, active.color)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(inactive.background, inactive.color)).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('heading', { level: 2, name: 'Payment & Pricing' }).waitFor();
    expect(
      await page.getByRole('heading', { level: 2 }).filter({ hasText: 'Orders & Shipping' }).count(),
    ).toBe(0);

    // One question opens and closes on its own.
    const question = page.getByRole('button', { name: 'When am I charged?' });
    const answer = page.getByRole('region', { name: 'When am I charged?' });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await answer.getByText('Only when you complete the payment').waitFor();
    expect(
      await page.getByRole('button', { name: 'Can I pay in instalments?' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await question.click();
    await answer.waitFor({ state: 'hidden' });

    await search.fill('teleportation');
    await page.getByText('No matching questions found.').waitFor();
    expect(await page.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');

    const still = page.getByRole('heading', { name: 'Still have questions?' });
    await still.waitFor();
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    expect(await page.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toMatch(/^mailto:/);
    await page.context().close();
  });

  it('searches the help centre and opens an article and a FAQ answer from the results', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/help');
    await page.getByRole('heading', { level: 1, name: 'Help Centre' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search help' }).fill('refund');
    await page.locator('main').getByRole('button', { name: 'Search help' }).click();
    await page.waitForURL(/\/help\?q=refund$/);
    const results = page.locator('section[aria-labelledby="help-results"]');
    await results.getByRole('link', { name: 'Refund status' }).click();
    await page.waitForURL(`${baseUrl}/refund-status`);
    await page.getByRole('heading', { level: 1, name: 'Refund status' }).waitFor();
    expect(await page.title()).toBe('Refund status | Bazaar');

    await page.goBack();
    await results.getByRole('link', { name: 'When will I get my refund?' }).click();
    await page.waitForURL(`${baseUrl}/faq#faq-refund-timing`);
    const question = page.getByRole('button', { name: 'When will I get my refund?' });
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });

  it('shows the return and exchange policy at both its paths, updated today', async () => {
    const page = await newPage(browser, baseUrl);
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
    );
    for (const path of ['/return-policy', '/security-policy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Return and Exchange Policy' }).waitFor();
      await page.getByText(`Last updated: ${today}`).waitFor();
      for (const name of ['Highlights', 'Holiday returns', 'Questions about this policy?']) {
        await page.getByRole('heading', { level: 2, name }).waitFor();
      }
      const policies = page.getByRole('navigation', { name: 'Policies' });
      expect(await policies.getByRole('link', { name: 'Shipping policy' }).getAttribute('href')).toBe(
        '/shipping-policy',
      );
      expect(await policies.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
        '/privacy-policy',
      );
    }
    await page.context().close();
  });

  it('leads the header’s About link to the About page, and fits a 360 px phone', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.locator('header').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.getByRole('heading', { level: 1, name: 'About Bazaar' }).waitFor();

    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/faq', '/help', '/size-guide', '/shipping-policy', '/about']) {
      await page.goto(path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await page.context().close();
  });

  it('follows every link on /help, /faq and the footer (and one step further) without a dead end', async () => {
    const page = await newPage(browser, baseUrl);
    const queue: { path: string; depth: number }[] = [];
    const seen = new Set<string>();
    const external: string[] = [];
    const enqueue = (list: string[], depth: number) => {
      for (const href of list) {
        if (/^(mailto|tel):/.test(href)) continue;
        if (!href.startsWith('/')) {
          external.push(href);
          continue;
        }
        const path = href.split('#')[0]!.split('?')[0]!;
        if (!seen.has(path)) {
          seen.add(path);
          queue.push({ path, depth });
        }
      }
    };

    await page.goto('/help');
    await settled(page);
    enqueue(await hrefs(page, 'main'), 1);
    enqueue(await hrefs(page, 'footer'), 1);
    await page.goto('/faq');
    await settled(page);
    enqueue(await hrefs(page, 'main'), 1);

    const dead: string[] = [];
    const badHeadings: string[] = [];
    for (let i = 0; i < queue.length; i++) {
      const { path, depth } = queue[i]!;
      await page.goto(path);
      await settled(page);
      if ((await page.getByText(NOT_FOUND_TEXT).count()) > 0) dead.push(path);
      if (!CONTENT_PATHS.has(path)) continue;
      const levels = await page.$$eval('main h1, main h2, main h3, main h4', (hs) =>
        hs.map((h) => Number(h.tagName[1])),
      );
      const skips = levels.some((level, j) => j > 0 && level > levels[j - 1]! + 1);
      if (levels[0] !== 1 || levels.filter((l) => l === 1).length !== 1 || skips) badHeadings.push(path);
      expect(await page.title(), path).toMatch(/ \| Bazaar$/);
      // Help and policy pages are followed one step further.
      if (depth < 2) enqueue(await hrefs(page, 'main'), depth + 1);
    }

    // The help centre alone links to 20 topics, 6 resources, 3 cards and 4 policies.
    expect(seen.size).toBeGreaterThan(30);
    expect(dead).toEqual([]);
    expect(badHeadings).toEqual([]);
    expect(external).toEqual([]);
    for (const path of ['/track-order', '/reset-password', '/knowledge-base', '/return-policy', '/profile']) {
      expect(seen.has(path), path).toBe(true);
    }
    await page.context().close();
  }, 240_000);
});
