import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';

/** The "Show" select above an admin list: which part of it to list. */
export function FilterSelect<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <div className="mt-6 mb-4 max-w-xs">
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        Show
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={inputClasses}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
