import { OTHER_CARRIER } from '@bazaar/shared/constants';
import type { AdminOrder } from '@bazaar/shared/schemas/order-admin';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useCarriers } from '../api/carriers';
import { useShipOrder } from '../api/ship-order';

/** India's calendar day `days` from now, YYYY-MM-DD (the expected delivery's default). */
function shopDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
}

/** Ship: carrier (the shop's list, or Other with a name and address), tracking number, expected day. */
export function ShipForm({ order }: { order: AdminOrder }) {
  const carriers = useCarriers();
  const ship = useShipOrder();
  const list = carriers.data?.carriers ?? [];
  const [carrier, setCarrier] = useState('');
  const chosen = carrier || list[0]?._id || OTHER_CARRIER;
  const [carrierName, setCarrierName] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [expectedDelivery, setExpectedDelivery] = useState(() => shopDay(4));

  // mutateAsync: the form unmounts once the order is Shipped, and mutate's own callbacks would not run.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const other = chosen === OTHER_CARRIER;
    try {
      await ship.mutateAsync({
        orderId: order._id,
        carrier: chosen,
        trackingNumber,
        expectedDelivery,
        ...(other ? { carrierName } : {}),
        ...(other && trackingUrl ? { trackingUrl } : {}),
      });
      notify.success('Order shipped: the customer was sent the tracking link.');
    } catch (error) {
      notify.error(errorMessage(error, 'The order could not be shipped.'));
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Ship this order" className="mt-4 grid gap-3 border-t pt-4">
      <div>
        <label htmlFor="ship-carrier" className="mb-1 block text-sm text-gray-700">
          Carrier
        </label>
        <select
          id="ship-carrier"
          className={inputClasses}
          value={chosen}
          onChange={(e) => setCarrier(e.target.value)}
        >
          {list.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
          <option value={OTHER_CARRIER}>Other</option>
        </select>
      </div>
      {chosen === OTHER_CARRIER ? (
        <>
          <FormField
            label="Carrier name"
            value={carrierName}
            onChange={(e) => setCarrierName(e.target.value)}
          />
          <FormField
            label="Tracking address (optional)"
            type="url"
            placeholder="https://"
            value={trackingUrl}
            onChange={(e) => setTrackingUrl(e.target.value)}
          />
        </>
      ) : null}
      <FormField
        label="Tracking number"
        required
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
      />
      <FormField
        label="Expected delivery"
        type="date"
        required
        value={expectedDelivery}
        onChange={(e) => setExpectedDelivery(e.target.value)}
      />
      <Button type="submit" loading={ship.isPending} disabled={ship.isPending}>
        Ship order
      </Button>
    </form>
  );
}
