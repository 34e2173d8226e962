import { ALL_CATEGORIES, ALL_CATEGORIES_LABEL, FAQ_CATEGORIES, type FaqFilter } from '../texts/faq';

const chipClass =
  'rounded-full border px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark';
// The spec's active chip showed no highlight; here it is filled, and aria-pressed says so to assistive tech.
const activeClass = 'border-brand-dark bg-brand-dark text-white';
const inactiveClass = 'border-gray-400 bg-white text-gray-900 hover:border-black';

const CHIPS: { id: FaqFilter; label: string }[] = [
  { id: ALL_CATEGORIES, label: ALL_CATEGORIES_LABEL },
  ...FAQ_CATEGORIES,
];

/** Toggle buttons choosing one FAQ category. */
export function CategoryChips({ value, onChange }: { value: FaqFilter; onChange(value: FaqFilter): void }) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">Question categories</legend>
      {CHIPS.map((chip) => {
        const active = chip.id === value;
        return (
          <button
            key={chip.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(chip.id)}
            className={`${chipClass} ${active ? activeClass : inactiveClass}`}
          >
            {chip.label}
          </button>
        );
      })}
    </fieldset>
  );
}
