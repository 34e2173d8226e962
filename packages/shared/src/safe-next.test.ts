import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeNext('/orders')).toBe('/orders');
    expect(safeNext('/cart/checkout?step=2')).toBe('/cart/checkout?step=2');
    expect(safeNext('/product/abc#reviews')).toBe('/product/abc#reviews');
    expect(safeNext('/search/caf%C3%A9')).toBe('/search/caf%C3%A9');
  });

  it('refuses protocol-relative and backslash forms of another host', () => {
    for (const raw of [
      '//evil.example',
      '//evil.example/x',
      '///evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      // Dot segments that collapse into a protocol-relative path.
      '/.//evil.example',
      '/x/..//evil.example',
      '/%2e//evil.example',
      '/./\\evil.example',
      '/orders/../..//evil.example/x?y=1',
    ]) {
      expect(safeNext(raw), JSON.stringify(raw)).toBe('/');
    }
  });

  it('refuses absolute URLs and other schemes', () => {
    for (const raw of [
      'https://evil.example',
      'http://bazaar.invalid/orders',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      ' /orders',
      'orders',
    ]) {
      expect(safeNext(raw), raw).toBe('/');
    }
  });

  it('refuses the sign-in pages, empty values, non-strings and very long paths', () => {
    for (const raw of [
      null,
      undefined,
      '',
      42,
      '/login',
      '/login?next=/orders',
      '/register',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeNext(raw)).toBe('/');
    }
  });
});
