import { formatINR } from '@bazaar/shared/money';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SUGGESTIONS_MIN_CHARS, type Suggestion, useSuggestions } from '../api/get-suggestions';
import { searchPath } from '../lib/search-path';

const SUGGEST_DELAY_MS = 250;

const NO_SUGGESTIONS: Suggestion[] = [];

/**
 * Header search box: Enter or the button opens the results page; while typing,
 * the first few matching products are offered (ARIA combobox with a listbox).
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const searchMatch = useMatch('/search/:searchTerm');
  const routeTerm = searchMatch?.params.searchTerm ?? '';
  const [term, setTerm] = useState(routeTerm);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const debounced = useDebouncedValue(term, SUGGEST_DELAY_MS);
  const query = useSuggestions(debounced);
  const enough = term.trim().length >= SUGGESTIONS_MIN_CHARS;
  const suggestions = enough && query.data ? query.data : NO_SUGGESTIONS;
  const expanded = open && suggestions.length > 0;
  const current = active < suggestions.length ? active : -1;

  // A term typed before the page hydrated is in the box but not yet in React's state: keep it.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setTerm(typed);
  }, []);

  // The box shows the term of the results page being viewed, e.g. after the back button.
  useEffect(() => {
    setTerm(routeTerm);
  }, [routeTerm]);

  // Any navigation closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  function openProduct(item: Suggestion) {
    setOpen(false);
    navigate(`/product/${encodeURIComponent(item._id)}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = expanded && current >= 0 ? suggestions[current] : undefined;
    if (picked) {
      openProduct(picked);
      return;
    }
    const path = searchPath(term);
    if (!path) return;
    setOpen(false);
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (suggestions.length) setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (suggestions.length) setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (term) {
        setTerm('');
      }
    }
  }

  return (
    <search className={`relative block ${className}`}>
      {/* Without JavaScript (or before it has loaded) the form asks the server, which redirects
          /search?q=… to the results page. */}
      <form action="/search" method="get" onSubmit={onSubmit}>
        <div className="flex h-10 items-center rounded bg-gray-100 pr-1 pl-4 focus-within:ring-2 focus-within:ring-brand/60">
          <input
            ref={input}
            type="text"
            name="q"
            role="combobox"
            aria-label="Search products"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && current >= 0 ? optionId(current) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="What are you looking for?"
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="h-full w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-gray-500"
          />
          {term ? (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setTerm('');
                setOpen(false);
              }}
              className="rounded p-1.5 text-gray-500 hover:text-black focus-visible:outline-2 focus-visible:outline-brand"
            >
              <CloseIcon size={16} />
            </button>
          ) : null}
          <button
            type="submit"
            aria-label="Search"
            className="rounded p-1.5 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
          >
            <SearchIcon size={20} />
          </button>
        </div>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Product suggestions"
        hidden={!expanded}
        // Keeps focus in the input so a click on an option is not lost to blur.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard use goes through the combobox input
          <div
            key={item._id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === current}
            onClick={() => openProduct(item)}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === current ? 'bg-gray-100' : ''}`}
          >
            {item.productImage ? (
              <img
                src={item.productImage}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                className="h-10 w-10 shrink-0 rounded bg-gray-100 object-contain"
              />
            ) : (
              <span className="h-10 w-10 shrink-0 rounded bg-gray-100" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm">{item.name}</span>
              <span className="block truncate text-xs text-gray-500">{item.category}</span>
            </span>
            <span className="shrink-0 text-sm font-medium text-brand">{formatINR(item.salePrice)}</span>
          </div>
        ))}
      </div>
    </search>
  );
}
