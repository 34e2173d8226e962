import type { UseFormRegisterReturn } from 'react-hook-form';

/** Wraps a registered phone input so anything but digits is dropped as it is typed. */
export function digitsOnly<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = input.value.replace(/\D/g, '');
      return field.onChange(event);
    },
  };
}
