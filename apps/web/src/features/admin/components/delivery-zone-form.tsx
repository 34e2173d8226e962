import { pincodeRuleText } from '@bazaar/shared/delivery';
import {
  type AdminDeliveryZone,
  DELIVERY_LIMITS,
  type DeliveryZoneBody,
  deliveryZoneBodySchema,
} from '@bazaar/shared/schemas/delivery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useCreateDeliveryZone, useUpdateDeliveryZone } from '../api/save-delivery-zone';
import { CodTermsFields } from './cod-terms-fields';
import { TextAreaField } from './text-area-field';

type ZoneFormValues = z.input<typeof deliveryZoneBodySchema>;
type ZoneFormOutput = z.output<typeof deliveryZoneBodySchema>;

const EMPTY = {
  name: '',
  fee: '',
  freeAbove: '',
  minDays: '',
  maxDays: '',
  cod: false,
  codFee: '0',
  codMin: '0',
  codMax: '',
  pincodes: '',
} satisfies ZoneFormValues;

const valuesOf = (zone: AdminDeliveryZone): ZoneFormValues => ({
  name: zone.name,
  fee: String(zone.fee),
  freeAbove: zone.freeAbove === null ? '' : String(zone.freeAbove),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
  cod: zone.cod,
  codFee: String(zone.codFee),
  codMin: String(zone.codMin),
  codMax: zone.codMax === null ? '' : String(zone.codMax),
  pincodes: zone.pincodes.join('\n'),
});

/** What is sent: the form's figures as numbers and its pincodes as the rules read from them. */
const bodyOf = (zone: ZoneFormOutput): DeliveryZoneBody => ({
  ...zone,
  pincodes: zone.pincodes.map(pincodeRuleText),
});

/**
 * A zone's name, fee rule, delivery days, cash on delivery and pincodes (typed: pincodes, ranges and
 * prefixes separated by new lines, commas or spaces). New, or `zone` to edit; the same rules as the
 * server's (the shared schema), the server's refusals under their fields.
 */
export function DeliveryZoneForm({ zone, onDone }: { zone?: AdminDeliveryZone; onDone?: () => void }) {
  const headingId = useId();
  const create = useCreateDeliveryZone();
  const update = useUpdateDeliveryZone();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ZoneFormValues, unknown, ZoneFormOutput>({
    resolver: zodResolver(deliveryZoneBodySchema),
    defaultValues: zone ? valuesOf(zone) : EMPTY,
  });

  const refused = (error: unknown, fallback: string) => {
    for (const [name, message] of Object.entries(fieldErrors(error))) {
      if (name in EMPTY) setError(name as keyof ZoneFormValues, { message });
    }
    notify.error(errorMessage(error, fallback));
  };

  const onSubmit = handleSubmit((values) => {
    const body = bodyOf(values);
    if (zone) {
      update.mutate(
        { zoneId: zone._id, body },
        {
          onSuccess: () => {
            notify.success(`Zone ${body.name} saved`);
            onDone?.();
          },
          onError: (error) => refused(error, 'Failed to save the zone'),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        notify.success(`Zone ${body.name} created`);
        reset(EMPTY);
        onDone?.();
      },
      onError: (error) => refused(error, 'Failed to create the zone'),
    });
  });

  const title = zone ? `Edit ${zone.name}` : 'New zone';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <h3 id={headingId} className="mb-4 text-lg font-semibold">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField
          label="Zone name *"
          autoComplete="off"
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
          step={1}
          hint="Business days after dispatch"
          error={errors.minDays?.message}
          {...register('minDays')}
        />
        <FormField
          label="Slowest delivery (days) *"
          type="number"
          min={0}
          max={DELIVERY_LIMITS.daysMax}
          step={1}
          hint="What “Delivers by” promises"
          error={errors.maxDays?.message}
          {...register('maxDays')}
        />
        <CodTermsFields register={register} errors={errors} />
        <TextAreaField
          label="Pincodes"
          rows={6}
          className="sm:col-span-2 lg:col-span-3"
          hint="Pincodes (400001), ranges (400001-400099) and prefixes (4000, 56), separated by new lines, commas or spaces. Or upload a CSV file once the zone exists."
          error={errors.pincodes?.message}
          {...register('pincodes')}
        />
      </div>
      <div className="mt-4 flex gap-3">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {zone ? 'Save Zone' : 'Create Zone'}
        </Button>
        {zone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
