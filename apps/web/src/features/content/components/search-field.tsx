import { useId } from 'react';
import { SearchIcon } from '@/components/ui/icons';

/** A labelled search box with its icon; the label is for screen readers, the placeholder repeats it. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = '',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        size={20}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-600"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={100}
        className="h-12 w-full rounded border border-gray-400 bg-white pr-4 pl-10 text-base placeholder:text-gray-600 focus-visible:border-black focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-dark"
      />
    </div>
  );
}
