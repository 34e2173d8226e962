import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { useCartActions } from '../hooks/use-cart-actions';

/**
 * The coupon code input and Apply Coupon, for a guest's cart as for an account's: the server checks
 * every code (a guest's again when it moves into the account, and once more at checkout).
 */
export function CouponForm({ actions }: { actions: ReturnType<typeof useCartActions> }) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await actions.applyCoupon(code)) setCode('');
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-3 sm:flex-row lg:w-auto" aria-label="Coupon">
      <label htmlFor="coupon-code" className="sr-only">
        Coupon code
      </label>
      <div className="flex flex-col gap-1">
        <input
          id="coupon-code"
          name="coupon"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="Coupon Code"
          maxLength={50}
          autoComplete="off"
          autoCapitalize="characters"
          className="h-14 w-full rounded border border-black px-6 sm:w-72"
        />
      </div>
      <Button type="submit" size="lg" loading={actions.applyingCoupon} className="w-full sm:w-auto">
        Apply Coupon
      </Button>
    </form>
  );
}
