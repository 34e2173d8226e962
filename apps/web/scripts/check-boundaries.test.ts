import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the web import boundaries (npm run lint)', () => {
  it('refuses each forbidden import of the fixture, and nothing else', () => {
    const found = checkBoundaries(path.join(here, 'fixtures/boundaries')).map(
      (v) => `${v.file}:${v.line} ${v.specifier}`,
    );
    expect(found).toEqual([
      'app/deep.ts:2 @/features/cart/stores/guest-cart',
      'app/deep.ts:3 @/features/cart/pages/cart-page',
      'components/ui/button.tsx:2 @/features/cart',
      'features/cart/stores/guest-cart.ts:3 ../../wishlist',
      'features/catalogue/card.tsx:2 @/app/providers',
      'features/catalogue/card.tsx:4 @/features/cart',
      'features/catalogue/helper.ts:2 @/testing/storage',
      'lib/escape.ts:2 ../../../outside',
      'lib/store.ts:2 @/components/ui/button',
      'lib/store.ts:4 ../features/cart',
      'shared/util.ts:1 ',
    ]);
  });

  it('says why, pointing at the way to do it', () => {
    const messages = new Map(
      checkBoundaries(path.join(here, 'fixtures/boundaries')).map((v) => [`${v.file}:${v.line}`, v.message]),
    );
    expect(messages.get('features/catalogue/card.tsx:4')).toBe(
      'features/catalogue imports features/cart: features do not import each other; compose them in app/',
    );
    expect(messages.get('app/deep.ts:2')).toMatch(/only through its public entry @\/features\/cart$/);
    expect(messages.get('app/deep.ts:3')).toMatch(/the router loads pages lazily/);
  });

  it('finds nothing to refuse in the storefront itself', () => {
    expect(checkBoundaries(path.join(here, '../src'))).toEqual([]);
  });
});
