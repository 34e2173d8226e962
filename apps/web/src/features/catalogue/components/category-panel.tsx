import type { Category } from '@bazaar/shared/schemas/catalogue';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon } from '@/components/ui/icons';
import { categoryPath } from '../lib/category-path';

/** The spec draws chevrons on the first eight entries only. */
const CHEVRONS = 8;

/**
 * The home page's category list. Hovering or focusing a category opens a flyout
 * of its subcategories and their options; an option with suboptions expands them.
 */
export function CategoryPanel({
  categories,
  loading,
}: {
  categories: Category[] | undefined;
  loading: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const flyoutId = useId();

  if (loading) {
    return (
      <div className="space-y-4 py-2" aria-hidden="true">
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars
          <div key={i} className="h-4 w-40 animate-pulse rounded bg-gray-100" />
        ))}
      </div>
    );
  }
  if (!categories?.length) return null;

  return (
    <nav
      aria-label="Categories"
      className="relative"
      onMouseLeave={() => setOpen(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(null);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
      }}
    >
      <ul className="flex gap-2 overflow-x-auto pb-2 [scrollbar-width:none] md:flex-col md:gap-0 md:overflow-visible md:pb-0">
        {categories.map((category, index) => {
          const hasFlyout = category.subcategories.length > 0;
          const isOpen = open === index;
          return (
            <li
              key={category._id}
              className="shrink-0"
              onMouseEnter={() => setOpen(hasFlyout ? index : null)}
              onFocus={() => setOpen(hasFlyout ? index : null)}
            >
              <Link
                to={categoryPath(category.name)}
                aria-expanded={hasFlyout ? isOpen : undefined}
                aria-controls={hasFlyout && isOpen ? flyoutId : undefined}
                className={`flex items-center justify-between gap-4 whitespace-nowrap rounded-full border border-gray-300 px-4 py-1.5 text-sm md:rounded-none md:border-0 md:px-0 md:py-2 md:text-base md:hover:text-brand ${
                  isOpen ? 'md:text-brand' : ''
                }`}
              >
                {category.name}
                {index < CHEVRONS ? <ChevronRightIcon size={18} className="hidden md:block" /> : null}
              </Link>
              {isOpen ? <Flyout id={flyoutId} category={category} /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Flyout({ id, category }: { id: string; category: Category }) {
  return (
    <div
      id={id}
      className="absolute left-full top-0 z-30 hidden max-h-[28rem] w-[min(44rem,calc(100vw-20rem))] overflow-y-auto rounded-lg border border-gray-200 bg-white p-6 shadow-xl md:block"
    >
      <p className="mb-4 text-lg font-semibold">
        <Link to={categoryPath(category.name)} className="hover:text-brand">
          {category.name}
        </Link>
      </p>
      <div className="grid grid-cols-2 gap-x-8 gap-y-6 lg:grid-cols-3">
        {category.subcategories.map((sub) => (
          <div key={sub.name}>
            <Link
              to={categoryPath(category.name, sub.name)}
              className="font-medium text-gray-900 hover:text-brand"
            >
              {sub.name}
            </Link>
            <ul className="mt-2 space-y-1.5 text-sm text-gray-600">
              {sub.options.map((option) => (
                <OptionItem key={option.name} category={category.name} sub={sub.name} option={option} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

function OptionItem({
  category,
  sub,
  option,
}: {
  category: string;
  sub: string;
  option: Category['subcategories'][number]['options'][number];
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hasSubOptions = option.subOptions.length > 0;
  return (
    <li>
      <div className="flex items-center justify-between gap-2">
        <Link to={categoryPath(category, sub, option.name)} className="hover:text-brand">
          {option.name}
        </Link>
        {hasSubOptions ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`${expanded ? 'Hide' : 'Show'} ${option.name} types`}
            onClick={() => setExpanded((v) => !v)}
            className="rounded p-0.5 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <ChevronDownIcon size={16} className={expanded ? 'rotate-180' : ''} />
          </button>
        ) : null}
      </div>
      {hasSubOptions && expanded ? (
        <ul id={listId} className="mt-1.5 space-y-1 border-l border-gray-200 pl-3">
          {option.subOptions.map((subOption) => (
            <li key={subOption.name}>
              <Link
                to={categoryPath(category, sub, option.name, subOption.name)}
                className="hover:text-brand"
              >
                {subOption.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
