import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { CategoryChips } from '../components/category-chips';
import { linkClass } from '../components/content-link';
import { ContentShell } from '../components/content-shell';
import { FaqQuestion } from '../components/faq-question';
import { SearchField } from '../components/search-field';
import { SupportBlock } from '../components/support-block';
import { faqAnchor, filterFaqs } from '../lib/search';
import { ALL_CATEGORIES, FAQ_CATEGORIES, FAQ_ITEMS, type FaqFilter } from '../texts/faq';

/** The question a link such as /faq#faq-warranty points at, opened on arrival. */
function linkedQuestion(hash: string): string[] {
  const id = decodeURIComponent(hash.slice(1));
  return FAQ_ITEMS.some((item) => faqAnchor(item.id) === id) ? [id] : [];
}

export function FaqPage() {
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqFilter>(ALL_CATEGORIES);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(linkedQuestion(hash)));

  const found = useMemo(() => filterFaqs(FAQ_ITEMS, query, category), [query, category]);
  const groups = FAQ_CATEGORIES.map((group) => ({
    ...group,
    items: found.filter((item) => item.category === group.id),
  })).filter((group) => group.items.length > 0);

  const toggle = (anchor: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(anchor)) next.add(anchor);
      return next;
    });

  return (
    <>
      <PageMeta title={'FAQ'} />
      <ContentShell
        title="Frequently Asked Questions"
        intro="Quick answers about orders, delivery, returns, your account and payments."
      >
        <search className="block">
          <SearchField
            label="Search questions"
            placeholder="Search questions"
            value={query}
            onChange={setQuery}
          />
        </search>

        <div className="mt-5">
          <CategoryChips value={category} onChange={setCategory} />
        </div>

        <p role="status" className="mt-6 text-sm text-gray-700">
          {found.length === 1 ? '1 question' : `${found.length} questions`}
        </p>

        {groups.length === 0 ? (
          <div className="mt-6 rounded-lg border border-gray-200 px-6 py-10 text-center">
            <p className="text-lg font-medium">No matching questions found.</p>
            <p className="mt-2 text-gray-700">
              Try other words, or{' '}
              <Link to="/contact" className={linkClass}>
                contact us
              </Link>{' '}
              and we will answer you.
            </p>
          </div>
        ) : (
          <div className="mt-4 flex flex-col gap-8">
            {groups.map((group) => (
              <section key={group.id}>
                <h2 className="text-xl font-semibold">{group.label}</h2>
                <div className="mt-2 border-t border-gray-200">
                  {group.items.map((item) => (
                    <FaqQuestion
                      key={item.id}
                      item={item}
                      open={open.has(faqAnchor(item.id))}
                      onToggle={() => toggle(faqAnchor(item.id))}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}

        <SupportBlock />
      </ContentShell>
    </>
  );
}
