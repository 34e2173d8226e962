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
}: {
  colours: string[];
  value: string | null;
  onChange: (colour: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-2 text-lg">
        Colours{value ? <span className="ml-2 text-sm text-gray-500">{value}</span> : null}
      </legend>
      {colours.map((colour) => {
        const css = cssColour(colour);
        const selected = value === colour;
        return (
          <button
            key={colour}
            type="button"
            aria-pressed={selected}
            aria-label={colour}
            title={colour}
            onClick={() => onChange(colour)}
            className={`rounded-full border-2 p-0.5 ${selected ? 'border-black' : 'border-transparent hover:border-gray-300'}`}
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

/** Size chips; the chosen one is filled in the accent colour. */
export function SizeChips({
  sizes,
  value,
  onChange,
}: {
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-2 text-lg">Size</legend>
      {sizes.map((size) => (
        <button
          key={size}
          type="button"
          aria-pressed={value === size}
          onClick={() => onChange(size)}
          className={`min-w-10 rounded border px-3 py-1.5 text-sm font-medium ${
            value === size ? 'border-brand bg-brand text-white' : 'border-gray-400 hover:border-black'
          }`}
        >
          {size}
        </button>
      ))}
    </fieldset>
  );
}
