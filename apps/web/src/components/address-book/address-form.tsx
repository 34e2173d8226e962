import { INDIAN_STATES } from '@bazaar/shared/india';
import {
  ADDRESS_LIMITS,
  type Address,
  type AddressBody,
  type AddressInput,
  addressBodySchema,
} from '@bazaar/shared/schemas/addresses';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';

export interface AddressFormProps {
  /** The address being edited; a new one when absent. */
  initial?: Address | undefined;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (body: AddressBody) => Promise<unknown>;
  onCancel?: () => void;
}

const blank: AddressBody = {
  name: '',
  phone: '',
  line1: '',
  line2: '',
  landmark: '',
  city: '',
  stateCode: '',
  pincode: '',
};

/**
 * One address of the book. The pincode is checked against the chosen state as the shopper types (the
 * same rule the server applies), and the server's own refusal lands under the field it names.
 */
export function AddressForm({ initial, submitLabel, busy = false, onSubmit, onCancel }: AddressFormProps) {
  const stateId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressBody, unknown, AddressInput>({
    resolver: zodResolver(addressBodySchema),
    mode: 'onTouched',
    defaultValues: initial
      ? {
          name: initial.name,
          phone: initial.phone,
          line1: initial.line1,
          line2: initial.line2 ?? '',
          landmark: initial.landmark ?? '',
          city: initial.city,
          stateCode: initial.stateCode,
          pincode: initial.pincode,
        }
      : blank,
  });
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(field as keyof AddressBody, { message });
        }
      }
      if (error instanceof ApiError) setError('root', { message: error.message });
      else throw error;
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Full name*"
          autoComplete="name"
          maxLength={ADDRESS_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Mobile number*"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={ADDRESS_LIMITS.phoneDigits}
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <FormField
        label="Address line 1*"
        autoComplete="address-line1"
        maxLength={ADDRESS_LIMITS.line}
        error={errors.line1?.message}
        {...register('line1')}
      />
      <FormField
        label="Address line 2"
        autoComplete="address-line2"
        maxLength={ADDRESS_LIMITS.line}
        error={errors.line2?.message}
        {...register('line2')}
      />
      <FormField
        label="Landmark"
        maxLength={ADDRESS_LIMITS.landmark}
        error={errors.landmark?.message}
        {...register('landmark')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="City*"
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.city}
          error={errors.city?.message}
          {...register('city')}
        />
        <div>
          <label htmlFor={stateId} className="mb-1 block text-sm text-gray-700">
            State*
          </label>
          <select
            id={stateId}
            className={inputClasses}
            aria-invalid={errors.stateCode ? true : undefined}
            aria-describedby={errors.stateCode ? `${stateId}-error` : undefined}
            {...register('stateCode')}
          >
            <option value="">Choose…</option>
            {INDIAN_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
          {errors.stateCode ? (
            <p id={`${stateId}-error`} className="mt-1 text-xs text-brand">
              {errors.stateCode.message}
            </p>
          ) : null}
        </div>
        <FormField
          label="Pincode*"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={errors.pincode?.message}
          {...register('pincode')}
        />
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-brand">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
