import { ADMIN_SEARCH_MAX } from '@bazaar/shared/constants';
import { useId } from 'react';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';

/** The admin's search input: at most 50 characters, with a clear button once something is typed. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The accessible name (the placeholder is not one). */
  label: string;
}) {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500"
      />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={ADMIN_SEARCH_MAX}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value.slice(0, ADMIN_SEARCH_MAX))}
        className="w-full rounded border border-gray-300 bg-white py-2 pr-10 pl-9 text-sm outline-none focus:border-black [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
