import { ALL_CATEGORIES, type FaqFilter, type FaqItem } from '../texts/faq';
import type { HelpArticle } from '../texts/help-articles';
import { sectionsText } from './content-types';

/** The words of a query, lower-cased; empty when the query is blank. */
export function searchTerms(query: string): string[] {
  return query.toLocaleLowerCase('en-IN').split(/\s+/).filter(Boolean);
}

function containsAll(text: string, terms: string[]): boolean {
  const haystack = text.toLocaleLowerCase('en-IN');
  return terms.every((term) => haystack.includes(term));
}

/**
 * The FAQ items of a category (or all) whose question or answer contains every
 * word of the query, case-insensitively. A blank query keeps them all.
 */
export function filterFaqs(items: FaqItem[], query: string, category: FaqFilter): FaqItem[] {
  const terms = searchTerms(query);
  return items.filter(
    (item) =>
      (category === ALL_CATEGORIES || item.category === category) &&
      containsAll(`${item.question} ${item.answer}`, terms),
  );
}

export interface HelpSearchDocument {
  kind: 'article' | 'faq';
  title: string;
  summary: string;
  to: string;
  /** Lower-cased text of the body, for matching. */
  body: string;
}

export interface HelpSearchResult {
  kind: HelpSearchDocument['kind'];
  title: string;
  summary: string;
  to: string;
}

/** One searchable list of the help articles and the FAQ; FAQ results open their question. */
export function buildHelpIndex(articles: HelpArticle[], faqs: FaqItem[]): HelpSearchDocument[] {
  return [
    ...articles.map((article) => ({
      kind: 'article' as const,
      title: article.title,
      summary: article.summary,
      to: `/${article.slug}`,
      body: sectionsText(article.sections).toLocaleLowerCase('en-IN'),
    })),
    ...faqs.map((item) => ({
      kind: 'faq' as const,
      title: item.question,
      summary: item.answer,
      to: `/faq#${faqAnchor(item.id)}`,
      body: '',
    })),
  ];
}

/** The element id of a FAQ question, so a link can open it. */
export function faqAnchor(id: string): string {
  return `faq-${id}`;
}

const TITLE_WEIGHT = 3;
const SUMMARY_WEIGHT = 2;
const BODY_WEIGHT = 1;

/**
 * Documents containing every word of the query in their title, summary or
 * body, best first: a word in the title counts most, in the body least. Ties
 * keep the index order (articles before questions).
 */
export function searchHelp(index: HelpSearchDocument[], query: string): HelpSearchResult[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const scored: { doc: HelpSearchDocument; score: number; order: number }[] = [];
  index.forEach((doc, order) => {
    const title = doc.title.toLocaleLowerCase('en-IN');
    const summary = doc.summary.toLocaleLowerCase('en-IN');
    let score = 0;
    for (const term of terms) {
      if (title.includes(term)) score += TITLE_WEIGHT;
      else if (summary.includes(term)) score += SUMMARY_WEIGHT;
      else if (doc.body.includes(term)) score += BODY_WEIGHT;
      else return;
    }
    scored.push({ doc, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ doc }) => ({ kind: doc.kind, title: doc.title, summary: doc.summary, to: doc.to }));
}
