import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import boundaries `npm run lint` checks (.dependency-cruiser.cjs, .dependency-cruiser-module-cycles.cjs),
// run by this test exactly as lint runs them: on a fixture tree laid out like the repository, with one
// import of each kind allowed and refused, and on the repository itself.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = path.join(ROOT, 'scripts/fixtures/boundaries');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The commands of `npm run lint:boundaries`, each a depcruise run: its config and what it cruises. */
const LINT_COMMANDS: string[][] = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['lint:boundaries'] as string
)
  .split('&&')
  .map((command) => command.trim().split(/\s+/));

function run(args: string[], cwd: string) {
  const [tool, ...rest] = args;
  expect(tool).toBe('depcruise');
  return spawnSync(process.execPath, [DEPCRUISE, ...rest], { cwd, encoding: 'utf8' });
}

/** Every violation a lint command finds in `cwd`, as `rule: from → to` (a file or, for a circle, a folder). */
function violations(args: string[], cwd: string): string[] {
  const json = args.map((arg, i) => (args[i - 1] === '--output-type' ? 'json' : arg));
  const result = run(json, cwd);
  const found = JSON.parse(result.stdout).summary.violations as {
    rule: { name: string };
    from: string;
    to: string;
  }[];
  return found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const [layers, cycles] = LINT_COMMANDS as [string[], string[]];
const server = (file: string) => `apps/server/src/${file}`;
const web = (file: string) => `apps/web/src/${file}`;

// Each run parses a few hundred files: seconds, more on a busy machine.
describe('the import boundaries (npm run lint)', { timeout: 180_000 }, () => {
  it('are two dependency-cruiser runs: the layers everywhere, then the circles between server modules', () => {
    expect(LINT_COMMANDS).toHaveLength(2);
    expect(layers).toContain('.dependency-cruiser.cjs');
    expect(cycles).toContain('.dependency-cruiser-module-cycles.cjs');
  });

  it("refuse each of the fixture's forbidden imports, and nothing else", () => {
    expect(violations(layers, FIXTURE)).toEqual(
      [
        // A module's files are its own; outside the modules only the composition root passes its entry.
        `server-module-private: ${server('modules/payments/payments.service.ts')} → ${server('modules/orders/orders.repo.ts')}`,
        `server-app-through-module-entry: ${server('plugins/auth.ts')} → ${server('modules/users/users.service.ts')}`,
        `server-app-through-module-entry: ${server('db/seed/demo-orders.ts')} → ${server('modules/orders/orders.repo.ts')}`,
        `server-lib-db-not-modules: ${server('lib/order-cache.ts')} → ${server('modules/orders/index.ts')}`,
        `shared-not-apps: packages/shared/src/leak.ts → ${web('lib/store.ts')}`,
        // Features are isolated; app/ composes them through their entries and loads pages lazily.
        `web-feature-isolation: ${web('features/catalogue/card.tsx')} → ${web('features/cart/index.ts')}`,
        `web-feature-isolation: ${web('features/catalogue/card.test.ts')} → ${web('features/wishlist/index.ts')}`,
        `web-feature-isolation: ${web('features/cart/stores/guest-cart.ts')} → ${web('features/wishlist/index.ts')}`,
        `web-feature-not-app: ${web('features/catalogue/card.tsx')} → ${web('app/providers.ts')}`,
        `web-app-through-feature-entry: ${web('app/deep.ts')} → ${web('features/cart/stores/guest-cart.ts')}`,
        `web-app-pages-lazily: ${web('app/deep.ts')} → ${web('features/cart/pages/cart-page.tsx')}`,
        `web-components-below-features: ${web('components/ui/button.tsx')} → ${web('features/cart/index.ts')}`,
        `web-lib-at-the-bottom: ${web('lib/store.ts')} → ${web('components/ui/button.tsx')}`,
        `web-lib-at-the-bottom: ${web('lib/store.ts')} → ${web('features/cart/index.ts')}`,
        `web-testing-only-in-tests: ${web('features/catalogue/helper.ts')} → ${web('testing/storage.ts')}`,
        `web-relative-outside-src: ${web('lib/escape.ts')} → apps/web/outside.ts`,
        `web-outside-the-layers: ${web('shared/util.ts')} → ${web('shared/util.ts')}`,
      ].sort(),
    );
  });

  it("refuse the fixture's circle between two modules that import only each other's entries", () => {
    expect(violations(cycles, FIXTURE)).toEqual([
      `server-module-cycle: ${server('modules/cart')} → ${server('modules/coupons')}`,
      `server-module-cycle: ${server('modules/coupons')} → ${server('modules/cart')}`,
    ]);
  });

  it('fail lint on the fixture, each run with its own message', () => {
    const first = run(layers, FIXTURE);
    expect(first.status).not.toBe(0);
    expect(first.stdout).toMatch(
      /error server-module-private: apps\/server\/src\/modules\/payments\/payments\.service\.ts → apps\/server\/src\/modules\/orders\/orders\.repo\.ts/,
    );
    const second = run(cycles, FIXTURE);
    expect(second.status).not.toBe(0);
    expect(second.stdout).toMatch(/error server-module-cycle: apps\/server\/src\/modules\/cart →/);
  });

  it('find nothing to refuse in the repository itself', () => {
    for (const command of LINT_COMMANDS) {
      const result = run(command, ROOT);
      expect(result.stdout).toContain('no dependency violations found');
      expect(result.status).toBe(0);
    }
  });
});
