import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

/** The form values a zone's cash-on-delivery terms are typed in (rupees; empty maximum: none). */
export interface CodTermsValues extends FieldValues {
  cod: boolean | 'true' | 'false';
  codFee?: unknown;
  codMin?: unknown;
  codMax?: unknown;
}

/**
 * A zone's cash on delivery: offered or not, its fee, and the order values it is offered for. Shared
 * by the zone form and the default zone's form; the shared schema reads and checks the figures.
 */
export function CodTermsFields<T extends CodTermsValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const message = (name: 'codFee' | 'codMin' | 'codMax') => {
    const error = errors[name] as { message?: string } | undefined;
    return error?.message;
  };
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-3 lg:grid-cols-4">
      <legend className="sr-only">Cash on delivery</legend>
      <label className="flex items-center gap-2 self-center text-sm">
        <input type="checkbox" className="size-4" {...register('cod' as Path<T>)} />
        Cash on delivery offered
      </label>
      <FormField
        label="COD fee (₹)"
        type="number"
        min={0}
        step="0.01"
        hint="Added to the delivery charge of a COD order"
        error={message('codFee')}
        {...register('codFee' as Path<T>)}
      />
      <FormField
        label="COD from order value (₹)"
        type="number"
        min={0}
        step="0.01"
        hint="0: any order"
        error={message('codMin')}
        {...register('codMin' as Path<T>)}
      />
      <FormField
        label="COD up to order value (₹)"
        type="number"
        min={0}
        step="0.01"
        hint="Empty: no maximum"
        error={message('codMax')}
        {...register('codMax' as Path<T>)}
      />
    </fieldset>
  );
}
