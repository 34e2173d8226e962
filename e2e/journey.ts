import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA rules on the page as it is now; the violations, described for a failing test. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Colours read mid-animation (a toast sliding in or out, a badge fading) are neither the start nor
  // the end state: wait until no finite animation runs, for at most 2.5 s (a toast's progress bar runs
  // longer). Asked again after each wait: one toast replacing another starts a new animation.
  await page.evaluate(async () => {
    const deadline = performance.now() + 2500;
    for (;;) {
      const running = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        );
      const left = deadline - performance.now();
      if (!running.length || left <= 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
      // A frame for what the finished animations set off (an exit that removes the toast, the next one).
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Waits for a toast with this text. */
export async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Logs in through the form and waits to land on `next`. */
export async function logIn(page: Page, email: string, password: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  const main = page.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === next);
}

/** Waits until the server-rendered page runs in the browser (before that, a click has no handler). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
