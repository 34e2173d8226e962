import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS, type FaqItem } from '../texts/faq';
import { HELP_ARTICLES, type HelpArticle } from '../texts/help-articles';
import { buildHelpIndex, filterFaqs, searchHelp, searchTerms } from './search';

const faqs: FaqItem[] = [
  { id: 'a', category: 'orders', question: 'How do I track my order?', answer: 'Open My Orders.' },
  { id: 'b', category: 'returns', question: 'Can I return shoes?', answer: 'Yes, within 30 DAYS.' },
  { id: 'c', category: 'payment', question: 'Do you take UPI?', answer: 'Yes, and cards too.' },
];

const article = (slug: HelpArticle['slug'], title: string, summary: string, text: string): HelpArticle => ({
  slug,
  title,
  summary,
  sections: [{ heading: 'Details', body: [text] }],
});

describe('searchTerms', () => {
  it('lower-cases and splits on any whitespace, dropping blanks', () => {
    expect(searchTerms('  Track\tMY   Order ')).toEqual(['track', 'my', 'order']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('filterFaqs', () => {
  it('keeps everything for a blank query and the All chip', () => {
    expect(filterFaqs(faqs, '  ', 'all')).toEqual(faqs);
  });

  it('matches question text case-insensitively', () => {
    expect(filterFaqs(faqs, 'TRACK', 'all').map((f) => f.id)).toEqual(['a']);
  });

  it('matches answer text case-insensitively', () => {
    expect(filterFaqs(faqs, '30 days', 'all').map((f) => f.id)).toEqual(['b']);
    expect(filterFaqs(faqs, 'cards', 'all').map((f) => f.id)).toEqual(['c']);
  });

  it('needs every word, in question or answer', () => {
    expect(filterFaqs(faqs, 'return days', 'all').map((f) => f.id)).toEqual(['b']);
    expect(filterFaqs(faqs, 'return upi', 'all')).toEqual([]);
  });

  it('limits to the chosen category', () => {
    expect(filterFaqs(faqs, '', 'payment').map((f) => f.id)).toEqual(['c']);
    expect(filterFaqs(faqs, 'track', 'payment')).toEqual([]);
  });

  it('finds the real FAQ about refunds by a word of its answer', () => {
    const found = filterFaqs(FAQ_ITEMS, 'net banking', 'returns');
    expect(found.map((f) => f.id)).toContain('refund-timing');
  });
});

describe('searchHelp', () => {
  const index = buildHelpIndex(
    [
      article(
        'billing',
        'Billing',
        'Invoices and payment problems.',
        'Your confirmation email lists the items.',
      ),
      article('pricing', 'How pricing works', 'Tax and delivery.', 'Invoices show whole rupees.'),
    ],
    faqs,
  );

  it('finds nothing for a blank query', () => {
    expect(searchHelp(index, '   ')).toEqual([]);
  });

  it('ranks a title match above a summary match above a body match', () => {
    const results = searchHelp(index, 'invoices');
    expect(results.map((r) => r.title)).toEqual(['Billing', 'How pricing works']);
    expect(searchHelp(index, 'billing')[0]).toMatchObject({ kind: 'article', to: '/billing' });
  });

  it('searches FAQ questions and answers and links to the question', () => {
    expect(searchHelp(index, 'UPI')).toEqual([
      { kind: 'faq', title: 'Do you take UPI?', summary: 'Yes, and cards too.', to: '/faq#faq-c' },
    ]);
    expect(searchHelp(index, 'open my orders').map((r) => r.to)).toEqual(['/faq#faq-a']);
  });

  it('needs every word somewhere in the document', () => {
    expect(searchHelp(index, 'billing rupees')).toEqual([]);
    expect(searchHelp(index, 'pricing rupees').map((r) => r.to)).toEqual(['/pricing']);
  });

  it('finds the real reset-password article and the FAQ answer together', () => {
    const results = searchHelp(buildHelpIndex(Object.values(HELP_ARTICLES), FAQ_ITEMS), 'Reset Password');
    expect(results[0]?.to).toBe('/reset-password');
    expect(results.map((r) => r.to)).toContain('/faq#faq-reset-password');
  });
});
