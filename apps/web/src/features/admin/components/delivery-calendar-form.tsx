import {
  type DeliveryCalendar,
  type DeliveryCalendarBody,
  deliveryCalendarBodySchema,
} from '@bazaar/shared/schemas/delivery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useUpdateDeliveryCalendar } from '../api/update-delivery-terms';
import { TextAreaField } from './text-area-field';

type Values = z.input<typeof deliveryCalendarBodySchema>;
type Output = z.output<typeof deliveryCalendarBodySchema>;

/** The days parcels leave and arrive, the day's cut-off (India time) and the holidays. */
export function DeliveryCalendarForm({ calendar }: { calendar: DeliveryCalendar }) {
  const daysId = useId();
  const save = useUpdateDeliveryCalendar();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(deliveryCalendarBodySchema),
    defaultValues: { ...calendar, holidays: calendar.holidays.join('\n') },
  });
  // The first bad holiday's message (each date is checked on its own).
  const holidayError = Object.values(errors.holidays ?? {}).find(
    (e): e is { message: string } =>
      typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string',
  )?.message;

  const onSubmit = handleSubmit((body) =>
    save.mutate(body as DeliveryCalendarBody, {
      onSuccess: () => notify.success('Delivery calendar saved'),
      onError: (error) => notify.error(errorMessage(error, 'Failed to save the delivery calendar')),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delivery calendar"
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={daysId} className="mb-1 block text-sm text-gray-700">
            Business days
          </label>
          <select
            id={daysId}
            className="h-10 w-full rounded border border-gray-300 bg-white px-2 text-sm"
            {...register('businessDays')}
          >
            <option value="mon-sat">Monday to Saturday</option>
            <option value="mon-fri">Monday to Friday</option>
          </select>
        </div>
        <FormField
          label="Cut-off time (India)"
          type="time"
          hint="Orders from this time on count from the next business day"
          error={errors.cutoff?.message}
          {...register('cutoff')}
        />
        <TextAreaField
          label="Holidays"
          rows={4}
          className="sm:col-span-2"
          hint="One date a line (YYYY-MM-DD): nothing leaves or arrives that day"
          error={holidayError ?? errors.holidays?.message}
          {...register('holidays')}
        />
      </div>
      <Button type="submit" className="mt-4" loading={save.isPending}>
        Save Calendar
      </Button>
    </form>
  );
}
