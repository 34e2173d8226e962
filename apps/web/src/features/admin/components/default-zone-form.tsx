import {
  type AdminDefaultZone,
  DELIVERY_LIMITS,
  type DefaultZoneBody,
  defaultZoneBodySchema,
} from '@bazaar/shared/schemas/delivery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useUpdateDefaultZone } from '../api/update-delivery-terms';
import { CodTermsFields } from './cod-terms-fields';

type Values = z.input<typeof defaultZoneBodySchema>;
type Output = z.output<typeof defaultZoneBodySchema>;

const valuesOf = (zone: AdminDefaultZone): Values => ({
  name: zone.name,
  fee: String(zone.fee),
  freeAbove: zone.freeAbove === null ? '' : String(zone.freeAbove),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
  cod: zone.cod,
  codFee: String(zone.codFee),
  codMin: String(zone.codMin),
  codMax: zone.codMax === null ? '' : String(zone.codMax),
  deliversOutside: zone.deliversOutside,
});

/**
 * The default zone: the terms for every pincode no zone lists (and for a cart before a pincode is
 * known), and the "delivers outside listed zones" switch.
 */
export function DefaultZoneForm({ zone }: { zone: AdminDefaultZone }) {
  const save = useUpdateDefaultZone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(defaultZoneBodySchema),
    defaultValues: valuesOf(zone),
  });

  const onSubmit = handleSubmit((body) =>
    save.mutate(body as DefaultZoneBody, {
      onSuccess: () => notify.success('Default zone saved'),
      onError: (error) => {
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          if (name in valuesOf(zone)) setError(name as keyof Values, { message });
        }
        notify.error(errorMessage(error, 'Failed to save the default zone'));
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Default zone"
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField
          label="Name *"
          maxLength={DELIVERY_LIMITS.nameMax}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Delivery fee (₹) *"
          type="number"
          min={0}
          step="0.01"
          error={errors.fee?.message}
          {...register('fee')}
        />
        <FormField
          label="Free delivery from (₹)"
          type="number"
          min={0}
          step="0.01"
          hint="Empty: the fee is always charged"
          error={errors.freeAbove?.message}
          {...register('freeAbove')}
        />
        <FormField
          label="Fastest delivery (days) *"
          type="number"
          min={0}
          max={DELIVERY_LIMITS.daysMax}
          error={errors.minDays?.message}
          {...register('minDays')}
        />
        <FormField
          label="Slowest delivery (days) *"
          type="number"
          min={0}
          max={DELIVERY_LIMITS.daysMax}
          error={errors.maxDays?.message}
          {...register('maxDays')}
        />
        <CodTermsFields register={register} errors={errors} />
        <label className="flex items-start gap-2 text-sm sm:col-span-2 lg:col-span-3">
          <input type="checkbox" className="mt-0.5 size-4" {...register('deliversOutside')} />
          <span>
            Delivers outside listed zones
            <span className="block text-xs text-gray-600">
              Off: pincodes no zone lists are told “Does not deliver to this pincode”.
            </span>
          </span>
        </label>
      </div>
      <Button type="submit" className="mt-4" loading={save.isPending}>
        Save Default Zone
      </Button>
    </form>
  );
}
