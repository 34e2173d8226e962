import { describe, expect, it } from 'vitest';
import type { Block, ContentLink } from '../lib/content-types';
import { HELP_ARTICLE_SLUGS, POLICY_PATHS } from '../routes';
import { FAQ_CATEGORIES, FAQ_ITEMS } from './faq';
import { HELP_ARTICLES } from './help-articles';
import { HELP_RESOURCES, HELP_TOPICS, POLICY_LINKS } from './help-topics';
import { POLICIES } from './policies';

/** App routes outside this feature that help content links to. */
const APP_ROUTES = ['/', '/orders', '/profile', '/contact', '/faq', '/help', '/forgot-password', '/products'];
const knownPaths = new Set([
  ...APP_ROUTES,
  ...HELP_ARTICLE_SLUGS.map((slug) => `/${slug}`),
  ...Object.keys(POLICY_PATHS).map((path) => `/${path}`),
]);

const blockLinks = (body: Block[]) =>
  body.flatMap((block) => (typeof block === 'object' && 'links' in block ? block.links : []));

const allLinks: ContentLink[] = [
  ...HELP_TOPICS.flatMap((topic) => topic.links),
  ...HELP_RESOURCES,
  ...POLICY_LINKS,
  ...FAQ_ITEMS.flatMap((item) => item.links ?? []),
  ...Object.values(HELP_ARTICLES).flatMap((a) => a.sections.flatMap((s) => blockLinks(s.body))),
  ...Object.values(POLICIES).flatMap((p) => p.sections.flatMap((s) => blockLinks(s.body))),
];

describe('help content', () => {
  it('links only to pages that exist, or to mail and phone', () => {
    const dead = allLinks.filter(
      (link) => !/^(mailto|tel):/.test(link.to) && !knownPaths.has(link.to.split('#')[0]!),
    );
    expect(dead).toEqual([]);
  });

  it('has an article for every registered slug, and nothing else', () => {
    expect(Object.keys(HELP_ARTICLES).sort()).toEqual([...HELP_ARTICLE_SLUGS].sort());
    for (const [slug, article] of Object.entries(HELP_ARTICLES)) {
      expect(article.slug).toBe(slug);
      expect(article.summary.length).toBeGreaterThan(10);
      expect(article.sections.length).toBeGreaterThan(0);
    }
  });

  it('gives every FAQ category questions, each with a unique id', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ITEMS.some((item) => item.category === category.id)).toBe(true);
    }
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(FAQ_ITEMS.length);
  });

  it('has four topic groups of five links, as the help centre shows them', () => {
    expect(HELP_TOPICS.map((topic) => topic.links.length)).toEqual([5, 5, 5, 5]);
  });

  it('quotes money in rupees only and holds no placeholder text', () => {
    const text = JSON.stringify([FAQ_ITEMS, HELP_ARTICLES, POLICIES]);
    expect(text).not.toMatch(/\$|USD|lorem|TODO|placeholder/i);
    expect(text).toContain('₹140');
    expect(text).toContain('₹50');
  });
});
