import { DELIVERY_MESSAGES, PINCODE_PATTERN } from '@bazaar/shared/delivery';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { useDeliveryCheck } from '../api/check-delivery';
import { feeLine } from '../lib/delivery-answer';
import { rememberedPincode, rememberPincode } from '../lib/remembered-pincode';

export interface CheckDeliveryProps {
  /** The order's worth after discounts (paise), for the fee line; left out, the zone's rule is shown. */
  amountPaise?: number;
}

/**
 * "Check delivery": a pincode gives "Delivers by Fri, 5 Dec" with the fee, or "Does not deliver to this
 * pincode". The last pincode checked is kept in the browser and checked again on the next page. The
 * server renders the form empty and the answer's room reserved: the kept pincode is read once the page
 * has hydrated, and the answer fills that room, so nothing moves.
 */
export function CheckDelivery({ amountPaise }: CheckDeliveryProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [pincode, setPincode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useDeliveryCheck(pincode);

  useEffect(() => {
    const kept = rememberedPincode();
    if (kept) {
      setTyped(kept);
      setPincode(kept);
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!PINCODE_PATTERN.test(value)) {
      setProblem(DELIVERY_MESSAGES.invalidPincode);
      return;
    }
    setProblem(null);
    setPincode(value);
    rememberPincode(value);
  };

  const answer = check.data;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded border border-gray-400 p-4">
      <h2 id={`${id}-heading`} className="text-base font-medium">
        Check delivery
      </h2>
      <form noValidate onSubmit={submit} className="mt-2 flex items-start gap-2">
        <label htmlFor={`${id}-pincode`} className="sr-only">
          Delivery pincode
        </label>
        <input
          id={`${id}-pincode`}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Pincode"
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-answer`}
          className={`${inputClasses} max-w-40`}
        />
        <Button type="submit" variant="dark" size="md" loading={check.isFetching}>
          Check
        </Button>
      </form>
      {/* Its room is kept whatever it says (or while it says nothing): the page never moves. */}
      <div id={`${id}-answer`} aria-live="polite" className="mt-2 min-h-[2.75rem] text-sm">
        {problem ? (
          <p className="text-brand">{problem}</p>
        ) : pincode === null ? null : check.isError ? (
          <p className="text-brand">
            {errorMessage(check.error, 'Could not check delivery. Please try again.')}
          </p>
        ) : !answer || answer.pincode !== pincode ? null : answer.deliverable ? (
          <>
            <p className="font-medium text-emerald-700">{answer.message}</p>
            <p className="text-gray-700">
              {feeLine(answer, amountPaise)}
              {answer.cod ? ' · Cash on delivery available' : ''}
            </p>
          </>
        ) : (
          <p className="font-medium text-brand">{answer.message}</p>
        )}
      </div>
    </section>
  );
}
