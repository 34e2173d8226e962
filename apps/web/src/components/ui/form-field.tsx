import { type ComponentProps, type ReactNode, useId } from 'react';

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  /** Shown inside the field on the right (the password toggle). */
  trailing?: ReactNode;
  /** Hides the label visually; it still names the input for assistive technology. */
  hideLabel?: boolean;
  /** A line of help under the field (what a valid value looks like), read with it by screen readers. */
  hint?: string | undefined;
}

export const inputClasses =
  'w-full rounded border border-gray-300 bg-white px-3 py-2.5 text-sm outline-none focus:border-black disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-brand';

/** A labelled input with its error message tied to it by aria-describedby. */
export function FormField({
  label,
  error,
  trailing,
  hideLabel = false,
  hint,
  id,
  className = '',
  ref,
  ...rest
}: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm text-gray-700'}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClasses} ${trailing ? 'pr-16' : ''}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}
