import { ChevronDownIcon } from '@/components/ui/icons';
import { faqAnchor } from '../lib/search';
import type { FaqItem } from '../texts/faq';
import { LinkList } from './content-blocks';

/** One question: a heading whose button shows or hides the answer region. */
export function FaqQuestion({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle(): void }) {
  const anchor = faqAnchor(item.id);
  return (
    <div id={anchor} className="scroll-mt-24 border-b border-gray-200">
      <h3>
        <button
          id={`${anchor}-question`}
          type="button"
          aria-expanded={open}
          aria-controls={`${anchor}-answer`}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded py-4 text-left text-base font-medium hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
        >
          <span>{item.question}</span>
          <ChevronDownIcon
            size={20}
            className={`flex-none transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <section
        id={`${anchor}-answer`}
        aria-labelledby={`${anchor}-question`}
        hidden={!open}
        className="pb-5 leading-relaxed text-gray-800"
      >
        <p>{item.answer}</p>
        {item.links?.length ? <LinkList links={item.links} className="mt-3 text-sm" /> : null}
      </section>
    </div>
  );
}
