import { useLocation } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { Breadcrumb } from '../components/breadcrumb';
import { LinkList, SectionList } from '../components/content-blocks';
import { ContentLink } from '../components/content-link';
import { ContentShell } from '../components/content-shell';
import { PolicyLinks } from '../components/policy-links';
import { SupportBlock } from '../components/support-block';
import type { ContentLink as ContentLinkData } from '../lib/content-types';
import { firstSegment, type HelpArticleSlug } from '../routes';
import { HELP_ARTICLES } from '../texts/help-articles';
import { HELP_RESOURCES, HELP_TOPICS } from '../texts/help-topics';

const helpCentre = { label: 'Help Centre', to: '/help' };

/** The topic an article is listed under, for the breadcrumb and "related" links. */
function placeOf(path: string): { trail: ContentLinkData[]; related: ContentLinkData[] } {
  const topic = HELP_TOPICS.find((t) => t.links.some((link) => link.to === path));
  if (!topic) {
    return { trail: [helpCentre], related: HELP_RESOURCES.filter((link) => link.to !== path) };
  }
  return {
    trail: [helpCentre, { label: topic.title, to: `/help#${topic.id}` }],
    related: topic.links.filter((link) => link.to !== path),
  };
}

/** Every help article, chosen by the path it is served at ("/track-order"). */
export function HelpArticlePage() {
  const slug = firstSegment(useLocation().pathname);
  const article = HELP_ARTICLES[slug as HelpArticleSlug];
  if (!article) {
    // Only reachable if a route is registered without its article; the content test prevents it.
    return (
      <ContentShell title="Help Centre">
        <PageMeta title="Help Centre" />
        <ContentLink to="/help">Browse all help topics</ContentLink>
      </ContentShell>
    );
  }
  const path = `/${article.slug}`;
  const { trail, related } = placeOf(path);
  return (
    <>
      <PageMeta title={article.title} description={article.summary} />
      <ContentShell
        title={article.title}
        intro={article.summary}
        before={<Breadcrumb trail={trail} current={article.title} />}
      >
        <SectionList sections={article.sections} />
        {related.length > 0 ? (
          <aside aria-labelledby="related-articles" className="mt-12 border-t border-gray-200 pt-6">
            <h2 id="related-articles" className="text-xl font-semibold">
              Related help
            </h2>
            <LinkList links={related} className="mt-3" />
          </aside>
        ) : null}
        <SupportBlock title="Still need help?" />
        <PolicyLinks />
      </ContentShell>
    </>
  );
}
