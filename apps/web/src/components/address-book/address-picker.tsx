import { type Address, addressText } from '@bazaar/shared/schemas/addresses';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAddresses, useChangeAddresses } from './address-api';
import { AddressForm } from './address-form';

export interface AddressPickerProps {
  /** The chosen address's id; null while none is. */
  value: string | null;
  onChange: (address: Address | null) => void;
}

/**
 * Checkout's "Deliver to": the shopper's saved addresses to choose from (the default chosen at first),
 * or a new one added to the book there and then. Shown only to a signed-in shopper.
 */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const book = useAddresses();
  const change = useChangeAddresses();
  const [adding, setAdding] = useState(false);
  const addresses = book.data?.addresses ?? [];
  useEffect(() => {
    if (value === null && addresses.length > 0) onChange(addresses[0]!);
  }, [value, addresses, onChange]);
  if (book.isPending) return <p className="text-sm text-gray-600">Loading your addresses…</p>;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-medium">Deliver to</legend>
      {addresses.map((a) => (
        <label
          key={a._id}
          className="flex cursor-pointer gap-3 rounded border p-3 text-sm has-checked:border-black"
        >
          <input
            type="radio"
            name="deliver-to"
            value={a._id}
            checked={value === a._id}
            onChange={() => onChange(a)}
          />
          <span>
            <span className="font-medium">
              {a.name} · {a.phone}
            </span>
            <span className="block text-gray-700">{addressText(a)}</span>
          </span>
        </label>
      ))}
      {addresses.length === 0 && !adding ? (
        <p className="text-sm text-gray-600">
          No saved addresses yet: the address below is used for this order.
        </p>
      ) : null}
      {adding ? (
        <div className="rounded border p-4">
          <AddressForm
            submitLabel="Save and deliver here"
            busy={change.isPending}
            onCancel={() => setAdding(false)}
            onSubmit={async (body) => {
              const before = new Set(addresses.map((a) => a._id));
              const reply = await change.mutateAsync({ kind: 'add', body });
              const added = reply.addresses.find((a) => !before.has(a._id));
              setAdding(false);
              if (added) onChange(added);
            }}
          />
        </div>
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setAdding(true)}>
          {addresses.length === 0 ? 'Save an address to your book' : 'Add a new address'}
        </Button>
      )}
    </fieldset>
  );
}
