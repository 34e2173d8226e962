import { PRICE_FILTER_RANGE, RATING_FILTER_VALUES } from '@bazaar/shared/constants';
import { formatINR } from '@bazaar/shared/money';
import type { ProductFacets } from '@bazaar/shared/schemas/catalogue';
import { Slider } from 'radix-ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Stars } from '@/components/ui/stars';
import {
  LIST_FILTERS,
  type ListFilter,
  type ListingFilters,
  type useListingFilters,
} from '../hooks/use-listing-filters';

const PRICE_FLOOR = PRICE_FILTER_RANGE.min;
const PRICE_STEP = 10;
/** How long the price thumbs must rest before the listing asks for the new range. */
export const PRICE_SETTLE_MS = 400;
const LIST_LABELS: Record<ListFilter, string> = {
  brand: 'Brand',
  material: 'Material',
  colour: 'Colour',
  size: 'Size',
};

type Controls = ReturnType<typeof useListingFilters>;

/** The slider runs 0–1000 unless the shop holds dearer products; then up to the next hundred above them. */
export function priceCeiling(facets: ProductFacets | undefined, filters: ListingFilters): number {
  const highest = Math.max(facets?.price.max ?? 0, filters.maxPrice ?? 0, filters.minPrice ?? 0);
  return Math.max(PRICE_FILTER_RANGE.max, Math.ceil(highest / 100) * 100);
}

/** The spec's "& up" choices, plus a rating from the URL outside them (5) so it shows and can be lifted. */
function ratingChoices(current: number | undefined): number[] {
  const choices: number[] = [...RATING_FILTER_VALUES];
  if (current !== undefined && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => b - a);
}

/** The listing's left filter panel; every control writes to the URL query. */
export function FilterPanel({ facets, controls }: { facets: ProductFacets | undefined; controls: Controls }) {
  const { filters } = controls;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside aria-label="Filters" className="lg:w-64 lg:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between rounded border border-gray-300 px-4 py-2.5 font-medium lg:hidden"
      >
        Filters{controls.active ? ' (on)' : ''}
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} mt-4 space-y-6 lg:mt-0 lg:block`}>
        <Group title="Price">
          <PriceSlider facets={facets} filters={filters} onCommit={controls.setPrice} />
        </Group>
        <Group title="Customer Rating">
          <fieldset className="space-y-2">
            <legend className="sr-only">Customer Rating</legend>
            {ratingChoices(filters.rating).map((value) => {
              const count = facets?.rating.find((r) => r.value === value)?.count;
              return (
                <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="rating"
                    checked={filters.rating === value}
                    onChange={() => controls.setRating(value)}
                    onClick={() => {
                      // A second click on the chosen rating lifts it.
                      if (filters.rating === value) controls.setRating(undefined);
                    }}
                    className="accent-brand"
                  />
                  <Stars rating={value} size={14} />
                  <span>&amp; up</span>
                  {count !== undefined ? <span className="text-gray-500">({count})</span> : null}
                </label>
              );
            })}
          </fieldset>
        </Group>
        {LIST_FILTERS.map((key) => (
          <ValueList key={key} name={key} facets={facets} controls={controls} />
        ))}
        <Group title="Availability">
          <div className="space-y-2 text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                checked={filters.inStock}
                onChange={(e) => controls.setFlag('inStock', e.target.checked)}
                className="accent-brand"
              />
              In Stock Only
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                checked={filters.onSale}
                onChange={(e) => controls.setFlag('onSale', e.target.checked)}
                className="accent-brand"
              />
              On Sale
            </label>
          </div>
        </Group>
        <button
          type="button"
          onClick={controls.clearFilters}
          disabled={!controls.active}
          className="w-full rounded border border-brand px-4 py-2.5 text-sm font-medium text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-brand"
        >
          Clear All Filters
        </button>
      </div>
    </aside>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-b border-gray-200 pb-5">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </div>
  );
}

function ValueList({
  name,
  facets,
  controls,
}: {
  name: ListFilter;
  facets: ProductFacets | undefined;
  controls: Controls;
}) {
  const selected = controls.filters[name];
  const values = facets?.[name] ?? [];
  // A chosen value the other filters rule out stays listed, so it can be unticked.
  const shown = [
    ...values,
    ...selected.filter((v) => !values.some((f) => f.value === v)).map((value) => ({ value, count: 0 })),
  ];
  if (shown.length === 0) return null;
  return (
    <Group title={LIST_LABELS[name]}>
      <fieldset className="max-h-56 space-y-2 overflow-y-auto pr-1 text-sm">
        <legend className="sr-only">{LIST_LABELS[name]}</legend>
        {shown.map(({ value, count }) => (
          <label key={value} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={selected.includes(value)}
              onChange={() => controls.toggleValue(name, value)}
              className="accent-brand"
            />
            <span className="min-w-0 flex-1 truncate">{value}</span>
            <span className="text-gray-500">({count})</span>
          </label>
        ))}
      </fieldset>
    </Group>
  );
}

function PriceSlider({
  facets,
  filters,
  onCommit,
}: {
  facets: ProductFacets | undefined;
  filters: ListingFilters;
  onCommit: (min: number | undefined, max: number | undefined) => void;
}) {
  const ceiling = priceCeiling(facets, filters);
  const urlMin = filters.minPrice ?? PRICE_FLOOR;
  const urlMax = Math.min(filters.maxPrice ?? ceiling, ceiling);
  const [value, setValue] = useState<[number, number]>([urlMin, urlMax]);
  // Commits not yet seen in the URL: the URL catches up a render later, and a
  // stale echo must not pull the thumb back while keys are still being pressed.
  const pending = useRef<string[]>([]);
  // Back/forward and Clear All change the URL too; then the thumbs follow it.
  useEffect(() => {
    const echo = pending.current.indexOf(`${urlMin}-${urlMax}`);
    if (echo >= 0) {
      pending.current = pending.current.slice(echo + 1);
      return;
    }
    pending.current = [];
    setValue([urlMin, urlMax]);
  }, [urlMin, urlMax]);

  // One request once the thumb settles: Radix commits on every key press, and ten presses of an
  // arrow key must not ask the server ten times.
  const settle = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(settle.current), []);
  const commit = ([min = PRICE_FLOOR, max = ceiling]: number[]) => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      pending.current.push(`${min}-${max}`);
      onCommit(min > PRICE_FLOOR ? min : undefined, max < ceiling ? max : undefined);
    }, PRICE_SETTLE_MS);
  };

  return (
    <div>
      <Slider.Root
        min={PRICE_FLOOR}
        max={ceiling}
        step={PRICE_STEP}
        minStepsBetweenThumbs={1}
        value={value}
        onValueChange={(v) => setValue([v[0] ?? PRICE_FLOOR, v[1] ?? ceiling])}
        onValueCommit={commit}
        className="relative flex h-6 w-full touch-none select-none items-center"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-gray-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand" />
        </Slider.Track>
        <Slider.Thumb aria-label="Minimum price" className={THUMB} />
        <Slider.Thumb aria-label="Maximum price" className={THUMB} />
      </Slider.Root>
      <p className="mt-2 flex justify-between text-sm text-gray-600" aria-live="polite">
        <span>{formatINR(value[0])}</span>
        <span>{formatINR(value[1])}</span>
      </p>
    </div>
  );
}

const THUMB =
  'block size-5 rounded-full border-2 border-brand bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
