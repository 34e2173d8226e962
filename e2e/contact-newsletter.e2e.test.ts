import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';
import { latestMailTo } from './mail-sink';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const MAP_HOST = 'https://www.openstreetmap.org';

/** How many messages the local SMTP server received for `to`. */
function mailCount(to: string): number {
  return readdirSync(mailDir).filter((file) =>
    readFileSync(path.join(mailDir, file), 'utf8')
      .split('\r\n', 1)[0]!
      .toLowerCase()
      .includes(to.toLowerCase()),
  ).length;
}

/**
 * This machine has no internet: OpenStreetMap's embed is answered by a small
 * local page, so the frame loads (and the CSP that allows it is exercised) and
 * axe can look inside it.
 */
async function stubMap(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(`${MAP_HOST}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Map</title><main><p>Map of the office</p></main></html>',
    });
  });
  return requested;
}

/** The demo shop's social links, as the contact page names them. */
const SOCIAL = [
  ['Facebook', 'https://www.facebook.com/bazaar.example'],
  ['Instagram', 'https://www.instagram.com/bazaar.example'],
  ['X', 'https://x.com/bazaar_example'],
  ['YouTube', 'https://www.youtube.com/@bazaar.example'],
] as const;

describeInBrowser('contact page, admin inbox and newsletter', () => {
  let browser: Browser;
  let admin: Page;
  const sender = `Kavya ${randomUUID().slice(0, 6)}`;
  const reader = `reader-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, baseUrl);
    await logIn(admin, ADMIN.email, ADMIN.password, '/');
  });
  afterAll(async () => browser?.close());

  it('shows the contact details, hours in IST, the map and quick answers, without a dead link or an axe violation', async () => {
    const page = await newPage(browser, baseUrl);
    const mapRequests = await stubMap(page);
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    for (const path of ['/contact', '/Contact']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    }
    await page.goto('/contact-us');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.title()).toBe('Contact Us | Bazaar');

    const main = page.locator('main');
    // The demo shop's settings.
    expect(await main.getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href')).toBe(
      'tel:+918040001234',
    );
    expect(await main.getByRole('link', { name: 'support@bazaar.example' }).getAttribute('href')).toBe(
      'mailto:support@bazaar.example',
    );
    // The spec's two phone lines and two email lines, and the social links, all from the settings.
    expect(await main.getByRole('link', { name: '+91 80 4000 5678' }).getAttribute('href')).toBe(
      'tel:+918040005678',
    );
    expect(await main.getByRole('link', { name: 'orders@bazaar.example' }).getAttribute('href')).toBe(
      'mailto:orders@bazaar.example',
    );
    const follow = main.getByRole('region', { name: 'Follow us' });
    for (const [network, url] of SOCIAL) {
      const link = follow.getByRole('link', { name: `Bazaar on ${network} (opens in a new tab)` });
      expect(await link.getAttribute('href')).toBe(url);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    await main.getByText('12 MG Road, Bengaluru').waitFor();
    await main.getByText('9:00 AM – 6:00 PM IST').waitFor();
    await main.getByText('10:00 AM – 4:00 PM IST').waitFor();
    expect(await main.getByText(/EST/).count()).toBe(0);
    // No placeholder links anywhere on the page.
    expect(await page.locator('a[href="#"], a[href=""]').count()).toBe(0);

    const map = main.locator('iframe[title^="Map showing our office"]');
    expect(await map.getAttribute('src')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
    );
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    await page
      .frameLocator('iframe[title^="Map showing our office"]')
      .getByText('Map of the office')
      .waitFor();
    expect(cspViolations).toEqual([]);

    await main.getByRole('heading', { level: 2, name: 'Quick answers' }).waitFor();
    const question = main.getByRole('button', { name: 'How do I track my order?' });
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('sends the contact lines and social links in the HTML the server renders, and an admin’s change shows there', async () => {
    const html = async () => (await fetch(`${baseUrl}/contact`)).text();
    const page = await html();
    for (const href of [
      'tel:+918040001234',
      'tel:+918040005678',
      'mailto:support@bazaar.example',
      'mailto:orders@bazaar.example',
    ]) {
      expect(page, href).toContain(`href="${href}"`);
    }
    for (const [, url] of SOCIAL) {
      expect(page).toMatch(
        new RegExp(`<a href="${url.replace(/[.?]/g, '\\$&')}" target="_blank" rel="noopener noreferrer"`),
      );
    }

    // The admin sets another second phone in Shop Settings; the next page the server renders has it.
    await admin.goto('/admin/shop');
    const form = admin.locator('main');
    await form.getByLabel('Second phone').fill('+91 80 4000 9999');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin, 'Shop settings updated!');
    await expect.poll(async () => (await html()).includes('href="tel:+918040009999"')).toBe(true);
    await form.getByLabel('Second phone').fill('+91 80 4000 5678');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin, 'Shop settings updated!');
    await expect.poll(async () => (await html()).includes('href="tel:+918040005678"')).toBe(true);
  });

  it('checks the form in the browser, then sends the message with the spec’s toast', async () => {
    const page = await newPage(browser, baseUrl);
    await stubMap(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Please select a subject').waitFor();
    await form.getByText('Message is required').waitFor();
    expect(await form.getByLabel('Message *').getAttribute('rows')).toBe('6');
    const subject = form.getByLabel('Subject *');
    expect(await subject.locator('option').allTextContents()).toEqual([
      'Select a subject',
      'Order inquiry',
      'Product question',
      'Shipping & delivery',
      'Returns & refunds',
      'Technical support',
      'Other',
    ]);
    expect(await accessibilityProblems(page)).toEqual([]);

    await form.getByLabel('Your Name *').fill(sender);
    await form.getByLabel('Your Email *').fill('kavya@example');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Invalid email format').waitFor();
    await form.getByLabel('Your Email *').fill('kavya@example.com');
    await subject.selectOption('return');
    await form.getByLabel('Order Number (optional)').fill('BZ-1042');
    await form.getByLabel('Message *').fill('The kurta is too small.\nCan I exchange it for an L?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!');
    await expect.poll(() => form.getByLabel('Message *').inputValue()).toBe('');
    expect(await form.getByLabel('Your Name *').inputValue()).toBe(sender);
    await page.context().close();
  });

  it('shows the message in the admin inbox, marks it read on opening and unread again on request', async () => {
    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: sender });
    await row.getByText('New').waitFor();
    await row.getByText('Returns & refunds').waitFor();
    expect(await accessibilityProblems(admin)).toEqual([]);

    await row.getByRole('link', { name: sender }).click();
    await admin.getByRole('heading', { level: 1, name: 'Returns & refunds' }).waitFor();
    await admin.getByText('The kurta is too small.').waitFor();
    await admin.getByText('BZ-1042').waitFor();
    expect(await admin.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toMatch(
      /^mailto:kavya@example\.com\?subject=/,
    );
    await admin.getByRole('button', { name: 'Mark as unread' }).waitFor();
    expect(await accessibilityProblems(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Mark as unread' }).click();
    await toast(admin, 'Marked as unread');

    await admin.getByRole('link', { name: 'Back to messages' }).click();
    await admin.getByLabel('Show').selectOption('unread');
    await admin.getByRole('row').filter({ hasText: sender }).getByText('New').waitFor();
  });

  it('subscribes twice with one address: both friendly, one row, one welcome mail with a code and a working unsubscribe link', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const footer = page.locator('footer');
    for (const typed of [reader, reader.toUpperCase()]) {
      await footer.getByRole('textbox', { name: 'Email address' }).fill(typed);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, 'Subscribed!');
      await expect.poll(() => footer.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe('');
    }

    const mail = await latestMailTo(mailDir, reader);
    expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const code = mail.match(/WELCOME-[A-Z0-9]{8}/)?.[0];
    expect(code).toBeDefined();
    // The repeat sent nothing more: a newcomer subscribing after it gets their welcome mail, and by
    // then a second one to the reader, sent before, would have arrived.
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    await footer.getByRole('textbox', { name: 'Email address' }).fill(newcomer);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await latestMailTo(mailDir, newcomer);
    expect(mailCount(reader)).toBe(1);

    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Newsletter' }).waitFor();
    await expect.poll(() => admin.getByRole('cell', { name: reader, exact: true }).count()).toBe(1);
    expect(await admin.getByRole('cell', { name: reader.toUpperCase(), exact: true }).count()).toBe(0);
    expect(await accessibilityProblems(admin)).toEqual([]);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export subscribers (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF"email","subscribed_at"\r\n')).toBe(true);
    expect(csv).toContain(`"${reader}",`);

    // The page's link (the List-Unsubscribe header holds the API's).
    const link = mail.match(/https?:\/\/[^/\s]+\/newsletter\/unsubscribe\?token=[^\s"<>]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'You have been unsubscribed' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    await admin.reload();
    await admin
      .getByRole('row')
      .filter({ hasText: reader })
      .getByText(/^Unsubscribed/)
      .waitFor();
    await page.context().close();
  });
});
