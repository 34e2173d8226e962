import { describe, expect, it } from 'vitest';
import { policyParagraphs } from './policy-text';

describe('policyParagraphs', () => {
  it('splits on blank lines and keeps single line breaks', () => {
    expect(
      policyParagraphs('Returns within 30 days.\nUnused items only.\n\n  \nRefunds in 5–7 days.  '),
    ).toEqual(['Returns within 30 days.\nUnused items only.', 'Refunds in 5–7 days.']);
  });

  it('gives nothing for missing or blank text, so the built-in policy shows', () => {
    expect(policyParagraphs(undefined)).toEqual([]);
    expect(policyParagraphs(null)).toEqual([]);
    expect(policyParagraphs(' \n\n ')).toEqual([]);
  });
});
