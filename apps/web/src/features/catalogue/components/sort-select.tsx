import { PRODUCT_SORTS, type ProductSort } from '@bazaar/shared/constants';
import { useId } from 'react';
import { SORT_LABELS } from '../hooks/use-listing-filters';

export function SortSelect({
  value,
  onChange,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="whitespace-nowrap text-gray-600">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as ProductSort)}
        className="rounded border border-gray-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
