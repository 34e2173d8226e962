import { DELIVERY_MESSAGES, PINCODE_PATTERN } from '@bazaar/shared/delivery';
import { formatINR } from '@bazaar/shared/money';
import type { AdminDeliveryZone } from '@bazaar/shared/schemas/delivery';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDelivery } from '../api/get-delivery';
import { usePincodeLookup } from '../api/lookup-pincode';
import { useDeleteDeliveryZone, useOrderDeliveryZones } from '../api/save-delivery-zone';
import { DefaultZoneForm } from '../components/default-zone-form';
import { DeliveryCalendarForm } from '../components/delivery-calendar-form';
import { DeliveryZoneForm } from '../components/delivery-zone-form';
import { PincodeUpload } from '../components/pincode-upload';
import { adminWrite } from '../lib/admin-write';

/** Pincode rules shown in a zone's row before "and N more". */
const SHOWN_RULES = 6;

const terms = (z: { fee: number; freeAbove: number | null; minDays: number; maxDays: number }) =>
  `${z.fee === 0 ? 'Free' : formatINR(z.fee)}${z.freeAbove === null || z.fee === 0 ? '' : `, free from ${formatINR(z.freeAbove)}`} · ${
    z.minDays === z.maxDays ? z.minDays : `${z.minDays}–${z.maxDays}`
  } days`;

/**
 * Delivery zones: the zones in priority order (move, edit with their pincodes typed or from a CSV
 * file, delete), a new zone, the default zone, the delivery calendar, and a pincode lookup that says
 * which zone serves it.
 */
export function DeliveryZonesPage() {
  useDocumentTitle('Delivery zones');
  const delivery = useDelivery();
  const order = useOrderDeliveryZones();
  const remove = useDeleteDeliveryZone();
  const [editing, setEditing] = useState<string | null>(null);

  if (delivery.isPending) return <Spinner size={32} label="Loading the delivery zones…" />;
  if (delivery.isError) {
    return (
      <p role="alert" className="text-brand-dark">
        {errorMessage(delivery.error, 'Failed to fetch the delivery zones')}
      </p>
    );
  }
  const { zones, defaultZone, calendar } = delivery.data;

  const move = (index: number, by: -1 | 1) => {
    const ids = zones.map((z) => z._id);
    const [taken] = ids.splice(index, 1);
    ids.splice(index + by, 0, taken!);
    adminWrite(order, ids, { success: 'Zones reordered', failure: 'Failed to reorder the zones' });
  };
  const onDelete = (zone: AdminDeliveryZone) =>
    adminWrite(
      remove,
      zone._id,
      {
        confirm: `Are you sure you want to delete the zone ${zone.name}? Its pincodes fall to other zones or the default zone.`,
        success: `Zone ${zone.name} deleted`,
        failure: 'Failed to delete the zone',
      },
      { onSuccess: () => setEditing(null) },
    );

  return (
    <section className="flex max-w-6xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold">Delivery zones</h1>
        <p className="mt-2 max-w-3xl text-sm text-gray-700">
          A pincode is served by the zone whose rule covers the fewest pincodes: a pincode beats a range or
          prefix around it, a narrower range or a longer prefix a wider one. Rules covering as many go to the
          zone higher in this list. Pincodes no zone lists go to the default zone.
        </p>
      </div>

      <section aria-labelledby="zones-heading">
        <h2 id="zones-heading" className="mb-3 text-lg font-semibold">
          Zones, first wins ties
        </h2>
        {zones.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">
            No zone yet: every pincode gets the default zone's terms.
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {zones.map((zone, index) => (
              <li key={zone._id} className="rounded-lg border border-gray-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold">
                      {index + 1}. {zone.name}
                    </h3>
                    <p className="text-sm text-gray-700">
                      {terms(zone)}
                      {zone.cod ? ' · cash on delivery' : ''}
                    </p>
                    <p className="mt-1 font-mono text-xs text-gray-700">
                      {zone.pincodes.length === 0
                        ? 'No pincodes yet'
                        : `${zone.pincodes.slice(0, SHOWN_RULES).join(', ')}${
                            zone.pincodes.length > SHOWN_RULES
                              ? ` and ${zone.pincodes.length - SHOWN_RULES} more`
                              : ''
                          }`}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={index === 0 || order.isPending}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${zone.name} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={index === zones.length - 1 || order.isPending}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${zone.name} down`}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-expanded={editing === zone._id}
                      onClick={() => setEditing(editing === zone._id ? null : zone._id)}
                    >
                      Edit {zone.name}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => onDelete(zone)}>
                      Delete {zone.name}
                    </Button>
                  </div>
                </div>
                {editing === zone._id ? (
                  <div className="mt-4 flex flex-col gap-4">
                    <DeliveryZoneForm key={zone.updatedAt} zone={zone} onDone={() => setEditing(null)} />
                    <PincodeUpload zone={zone} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="new-zone-heading">
        <h2 id="new-zone-heading" className="sr-only">
          Create a zone
        </h2>
        <DeliveryZoneForm />
      </section>

      <section aria-labelledby="default-zone-heading">
        <h2 id="default-zone-heading" className="mb-1 text-lg font-semibold">
          Default zone
        </h2>
        <p className="mb-3 text-sm text-gray-700">
          Every pincode no zone lists, and the cart before the shopper gives a pincode.
        </p>
        <DefaultZoneForm key={defaultZone.updatedAt} zone={defaultZone} />
      </section>

      <section aria-labelledby="calendar-heading">
        <h2 id="calendar-heading" className="mb-3 text-lg font-semibold">
          Delivery calendar
        </h2>
        <DeliveryCalendarForm key={JSON.stringify(calendar)} calendar={calendar} />
      </section>

      <PincodeLookup />
    </section>
  );
}

/** "Which zone serves this pincode?", with the rule that won and what the shopper is told. */
function PincodeLookup() {
  const [typed, setTyped] = useState('');
  const [pincode, setPincode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = usePincodeLookup(pincode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!PINCODE_PATTERN.test(typed)) {
      setProblem(DELIVERY_MESSAGES.invalidPincode);
      return;
    }
    setProblem(null);
    setPincode(typed);
  };
  const found = lookup.data;
  return (
    <section aria-labelledby="lookup-heading" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="lookup-heading" className="mb-3 text-lg font-semibold">
        Which zone serves a pincode?
      </h2>
      <form noValidate onSubmit={submit} className="flex items-start gap-2">
        <label htmlFor="lookup-pincode" className="sr-only">
          Pincode to look up
        </label>
        <input
          id="lookup-pincode"
          inputMode="numeric"
          maxLength={6}
          placeholder="Pincode"
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          className={`${inputClasses} max-w-40`}
        />
        <Button type="submit" variant="dark" size="md" loading={lookup.isFetching}>
          Look up
        </Button>
      </form>
      <p aria-live="polite" className="mt-2 min-h-6 text-sm">
        {problem ??
          (lookup.isError
            ? errorMessage(lookup.error, 'Failed to look up the pincode')
            : found
              ? `${pincode}: ${
                  found.zone
                    ? `${found.zone.name}${found.rule ? ` (rule ${found.rule})` : ' (default zone)'}`
                    : 'no zone'
                } — ${found.check.message}`
              : '')}
      </p>
    </section>
  );
}
