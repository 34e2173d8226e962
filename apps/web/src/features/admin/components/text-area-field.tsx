import { type ComponentProps, useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled text area with its hint and error tied to it by aria-describedby (FormField's twin). */
export function TextAreaField({ label, error, hint, id, className = '', ref, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm text-gray-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClasses} font-mono`}
        {...rest}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}
