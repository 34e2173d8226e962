import { describe, expect, it } from 'vitest';
import { canonicalKey } from './reply-cache';

describe('canonicalKey', () => {
  it('gives every spelling of one parsed query the same key', () => {
    expect(canonicalKey({ page: 1, brand: ['Orbit', 'Acme'], search: undefined })).toBe(
      canonicalKey({ brand: ['Acme', 'Orbit', 'Acme'], page: 1 }),
    );
  });

  it('tells different queries apart', () => {
    expect(canonicalKey({ page: 1 })).not.toBe(canonicalKey({ page: 2 }));
    expect(canonicalKey({ brand: ['Acme'] })).not.toBe(canonicalKey({ material: ['Acme'] }));
    expect(canonicalKey('shirt')).not.toBe(canonicalKey('shirts'));
  });
});
