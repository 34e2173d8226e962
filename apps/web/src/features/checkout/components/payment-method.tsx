import type { CheckoutCod } from '@bazaar/shared/schemas/orders';

export type PaymentChoice = 'online' | 'cod';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

/**
 * How the shopper pays: online now, or cash on delivery where the server offers it for the chosen
 * address (with its fee); where it does not, the server's reason is shown instead of the choice.
 */
export function PaymentMethod({
  cod,
  value,
  onChange,
}: {
  cod: CheckoutCod | undefined;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}) {
  const offered = cod?.available === true;
  return (
    <fieldset className="mt-6 flex flex-col gap-2 text-sm">
      <legend className="mb-2 font-medium">Payment</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="payment-method"
          value="online"
          checked={value === 'online' || !offered}
          onChange={() => onChange('online')}
        />
        Pay online now (card, UPI, net banking)
      </label>
      {offered ? (
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="payment-method"
            value="cod"
            checked={value === 'cod'}
            onChange={() => onChange('cod')}
          />
          Cash on delivery{cod.fee ? ` (+${rupees.format(cod.fee)} COD fee)` : ''}
        </label>
      ) : cod?.reason ? (
        <p className="text-xs text-gray-600" data-testid="cod-unavailable">
          Cash on delivery: {cod.reason}
        </p>
      ) : null}
    </fieldset>
  );
}
