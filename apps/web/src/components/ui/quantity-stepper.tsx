/** 1..max with − and + buttons; the number is read out as it changes. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const btn =
    'flex h-11 w-11 items-center justify-center text-xl hover:bg-brand hover:text-white disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-black';
  return (
    <fieldset className="flex items-center overflow-hidden rounded border border-gray-400">
      <legend className="sr-only">Quantity</legend>
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
        className={btn}
      >
        −
      </button>
      <output
        aria-live="polite"
        className="w-14 border-x border-gray-400 text-center text-lg font-medium leading-[2.75rem]"
      >
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
        className={btn}
      >
        +
      </button>
    </fieldset>
  );
}
