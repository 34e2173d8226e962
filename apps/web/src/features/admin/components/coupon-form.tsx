import { COUPON_LIMITS, type CouponBody, couponBodySchema } from '@bazaar/shared/schemas/coupon-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useCreateCoupon } from '../api/save-coupon';

type CouponFormValues = z.input<typeof couponBodySchema>;

const empty = { code: '', discount: '', usageLimit: '', expiresAt: '' } satisfies CouponFormValues;

/** Today in the admin's calendar, the earliest expiry the form offers. */
const today = () => new Date().toLocaleDateString('en-CA');

/** Create Coupon: code, discount (1–100 %), usage limit (at least 1) and an optional expiry date. */
export function CouponForm() {
  const create = useCreateCoupon();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CouponFormValues, unknown, z.output<typeof couponBodySchema>>({
    resolver: zodResolver(couponBodySchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body as CouponBody, {
      onSuccess: () => {
        notify.success('Coupon created successfully!');
        reset(empty);
      },
      onError: (error) => {
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          if (name in empty) setError(name as keyof CouponFormValues, { message });
        }
        notify.error(errorMessage(error, 'Failed to create coupon'));
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="create-coupon-heading"
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="create-coupon-heading" className="mb-4 text-lg font-semibold">
        Create Coupon
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label="Coupon Code *"
          autoComplete="off"
          maxLength={COUPON_LIMITS.codeMax}
          hint="Letters, digits, - and _; stored in capitals"
          error={errors.code?.message}
          {...register('code')}
        />
        <FormField
          label="Discount (%) *"
          type="number"
          inputMode="numeric"
          min={COUPON_LIMITS.discountMin}
          max={COUPON_LIMITS.discountMax}
          error={errors.discount?.message}
          {...register('discount')}
        />
        <FormField
          label="Usage Limit *"
          type="number"
          inputMode="numeric"
          min={COUPON_LIMITS.usageLimitMin}
          error={errors.usageLimit?.message}
          {...register('usageLimit')}
        />
        <FormField
          label="Expiry Date"
          type="date"
          min={today()}
          hint="Optional; valid through the end of that day"
          error={errors.expiresAt?.message}
          {...register('expiresAt')}
        />
      </div>
      <Button type="submit" className="mt-4" loading={create.isPending}>
        Create Coupon
      </Button>
    </form>
  );
}
