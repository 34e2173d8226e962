import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeNext('/orders')).toBe('/orders');
    expect(safeNext('/cart/checkout?step=2')).toBe('/cart/checkout?step=2');
  });

  it('refuses other sites, schemes and the sign-in pages', () => {
    for (const raw of [
      null,
      '',
      'orders',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login?next=/orders',
      '/register',
    ]) {
      expect(safeNext(raw)).toBe('/');
    }
  });
});
