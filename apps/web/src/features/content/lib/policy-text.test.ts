import { describe, expect, it } from 'vitest';
import { policyParagraphs } from './policy-text';

describe('policyParagraphs', () => {
  it('splits on blank lines, keeps single line breaks, and keys repeated paragraphs apart', () => {
    const text =
      'Returns within 30 days.\nUnused items only.\n\n  \nRefunds in 5–7 days.  \n\nRefunds in 5–7 days.';
    const paragraphs = policyParagraphs(text);
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Returns within 30 days.\nUnused items only.',
      'Refunds in 5–7 days.',
      'Refunds in 5–7 days.',
    ]);
    expect(new Set(paragraphs.map((p) => p.key)).size).toBe(3);
  });

  it('gives nothing for missing or blank text, so the built-in policy shows', () => {
    expect(policyParagraphs(undefined)).toEqual([]);
    expect(policyParagraphs(null)).toEqual([]);
    expect(policyParagraphs(' \n\n ')).toEqual([]);
  });
});
