import { useState } from 'react';
import { FormField, type FormFieldProps } from '@/components/ui/form-field';

/** A password input with the spec's show/hide toggle. */
export function PasswordField({ label, disabled, ...rest }: Omit<FormFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      label={label}
      type={visible ? 'text' : 'password'}
      disabled={disabled}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={disabled}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="rounded px-2 py-1 text-xs font-medium text-gray-600 hover:text-black disabled:opacity-50"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
      {...rest}
    />
  );
}
