import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { PageMeta } from '@/lib/page-meta';
import { LinkList } from '../components/content-blocks';
import { ContentLink } from '../components/content-link';
import { ContentShell } from '../components/content-shell';
import { PolicyLinks } from '../components/policy-links';
import { SearchField } from '../components/search-field';
import { useSupport } from '../hooks/use-support';
import { buildHelpIndex, type HelpSearchResult, searchHelp } from '../lib/search';
import { FAQ_ITEMS } from '../texts/faq';
import { HELP_ARTICLES } from '../texts/help-articles';
import { HELP_GUIDES, HELP_RESOURCES, HELP_TOPICS } from '../texts/help-topics';

const index = buildHelpIndex(Object.values(HELP_ARTICLES), FAQ_ITEMS);

const CARDS = [
  {
    title: 'Contact us',
    text: 'Send our support team a message about an order or anything else.',
    to: '/contact',
  },
  { title: 'FAQ', text: 'Short answers to the questions shoppers ask most.', to: '/faq' },
  {
    title: 'Knowledge base',
    text: 'Every help article, guide and policy in one list.',
    to: '/knowledge-base',
  },
];

const cardClass =
  'flex h-full flex-col rounded-lg border border-gray-300 p-6 hover:border-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark';

function SearchResults({ query, results }: { query: string; results: HelpSearchResult[] }) {
  return (
    <section aria-labelledby="help-results" className="mt-8">
      <h2 id="help-results" className="text-xl font-semibold">
        Search results
      </h2>
      <p role="status" className="mt-1 text-sm text-gray-700">
        {results.length === 0
          ? `No results for “${query}”.`
          : `${results.length} ${results.length === 1 ? 'result' : 'results'} for “${query}”`}
      </p>
      {results.length === 0 ? (
        <p className="mt-3 text-gray-800">
          Try fewer or other words, browse the topics below, or{' '}
          <ContentLink to="/contact">contact us</ContentLink>.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-gray-200 border-y border-gray-200">
          {results.map((result) => (
            <li key={result.to} className="py-4">
              <span className="text-xs font-semibold tracking-wide text-gray-700 uppercase">
                {result.kind === 'faq' ? 'Question' : 'Article'}
              </span>
              <p className="mt-1">
                <ContentLink to={result.to}>{result.title}</ContentLink>
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-gray-700">{result.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HelpPage() {
  const support = useSupport();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(query);
  const results = useMemo(() => searchHelp(index, query), [query]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageMeta title={'Help Centre'} />
      <ContentShell
        wide
        title="Help Centre"
        intro="Search our help articles and FAQ, or browse the topics below."
      >
        <search>
          <form onSubmit={onSubmit} className="flex max-w-2xl gap-2">
            <SearchField
              label="Search help"
              placeholder="How can we help?"
              value={text}
              onChange={setText}
              className="min-w-0 flex-1"
            />
            <button
              type="submit"
              aria-label="Search help"
              className="inline-flex h-12 flex-none items-center gap-2 rounded bg-black px-5 text-sm font-medium text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
            >
              <SearchIcon size={18} />
              Search
            </button>
          </form>
        </search>

        {query ? <SearchResults query={query} results={results} /> : null}

        <section aria-labelledby="help-topics" className="mt-12">
          <h2 id="help-topics" className="text-2xl font-semibold">
            Browse help topics
          </h2>
          <div className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {HELP_TOPICS.map((topic) => (
              <section key={topic.id} id={topic.id} className="scroll-mt-24">
                <h3 className="text-lg font-semibold">{topic.title}</h3>
                <LinkList links={topic.links} className="mt-3" />
              </section>
            ))}
          </div>
        </section>

        <section aria-labelledby="help-guides" className="mt-14">
          <h2 id="help-guides" className="text-2xl font-semibold">
            Step-by-step guides
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {HELP_GUIDES.map((guide) => (
              <section key={guide.id} className="rounded-lg bg-gray-100 p-6">
                <h3 className="text-lg font-semibold">{guide.title}</h3>
                <ol className="mt-4 flex flex-col gap-3">
                  {guide.steps.map((step, i) => (
                    <li key={step} className="flex gap-3">
                      <span
                        aria-hidden="true"
                        className="flex size-7 flex-none items-center justify-center rounded-full bg-black text-sm font-semibold text-white"
                      >
                        {i + 1}
                      </span>
                      <span className="pt-0.5 text-gray-800">{step}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </section>

        <section aria-labelledby="help-more" className="mt-14">
          <h2 id="help-more" className="text-2xl font-semibold">
            More ways to get help
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {CARDS.map((card) => (
              <li key={card.to}>
                <ContentLink to={card.to} className={cardClass}>
                  <span className="text-lg font-semibold">{card.title}</span>
                  <span className="mt-2 text-sm text-gray-700">{card.text}</span>
                </ContentLink>
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-14 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="help-resources">
            <h2 id="help-resources" className="text-2xl font-semibold">
              Resources
            </h2>
            <LinkList links={HELP_RESOURCES} className="mt-4" />
          </section>
          <section aria-labelledby="help-urgent" className="rounded-lg bg-black p-6 text-white">
            <h2 id="help-urgent" className="text-2xl font-semibold">
              Need urgent help?
            </h2>
            <p className="mt-2 text-gray-200">
              Call our support line, open 24 hours a day, 7 days a week, for a lost parcel, a payment problem
              or a locked account.
            </p>
            <a
              href={support.tel}
              className="mt-4 inline-block rounded-sm text-xl font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {support.phone}
            </a>
          </section>
        </div>

        <PolicyLinks />
      </ContentShell>
    </>
  );
}
