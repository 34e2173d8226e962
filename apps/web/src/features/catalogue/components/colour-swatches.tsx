import { CSS_COLOUR_NAMES } from '../lib/css-colour-names';

/** A CSS colour for a named colour, when CSS has the name ("Navy Blue" → navyblue). */
function cssColour(name: string): string | null {
  const candidate = name.toLowerCase().replace(/\s+/g, '');
  return CSS_COLOUR_NAMES.has(candidate) ? candidate : null;
}

/** Colour choices as round swatches (or a named chip when the colour has no CSS name). */
export function ColourSwatches({
  colours,
  value,
  onChange,
  soldOut,
}: {
  colours: string[];
  value: string | null;
  onChange: (colour: string) => void;
  /** Colours with nothing in stock: still choosable (to see its sizes), marked sold out. */
  soldOut?: ReadonlySet<string>;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-2 text-lg">
        Colours{value ? <span className="ml-2 text-sm text-gray-500">{value}</span> : null}
      </legend>
      {colours.map((colour) => {
        const css = cssColour(colour);
        const selected = value === colour;
        const out = soldOut?.has(colour) ?? false;
        const label = out ? `${colour} (sold out)` : colour;
        return (
          <button
            key={colour}
            type="button"
            aria-pressed={selected}
            aria-label={label}
            title={label}
            onClick={() => onChange(colour)}
            className={`rounded-full border-2 p-0.5 ${selected ? 'border-black' : 'border-transparent hover:border-gray-300'} ${out ? 'opacity-40' : ''}`}
          >
            {css ? (
              <span
                className="block size-6 rounded-full border border-gray-300"
                style={{ background: css }}
              />
            ) : (
              <span className="block rounded-full border border-gray-300 px-3 py-1 text-xs">{colour}</span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * Size chips; the chosen one is filled in the accent colour. A sold-out size (for the chosen colour)
 * is struck through and cannot be chosen.
 */
export function SizeChips({
  sizes,
  value,
  onChange,
  soldOut,
}: {
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
  soldOut?: ReadonlySet<string>;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-2 text-lg">Size</legend>
      {sizes.map((size) => {
        const out = soldOut?.has(size) ?? false;
        return (
          <button
            key={size}
            type="button"
            aria-pressed={value === size}
            aria-label={out ? `${size} (sold out)` : undefined}
            disabled={out}
            onClick={() => onChange(size)}
            className={`min-w-10 rounded border px-3 py-1.5 text-sm font-medium ${
              out
                ? 'cursor-not-allowed border-gray-300 text-gray-400 line-through'
                : value === size
                  ? 'border-brand bg-brand text-white'
                  : 'border-gray-400 hover:border-black'
            }`}
          >
            {size}
          </button>
        );
      })}
    </fieldset>
  );
}
