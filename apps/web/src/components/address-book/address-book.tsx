import { type Address, addressText } from '@bazaar/shared/schemas/addresses';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useAddresses, useChangeAddresses } from './address-api';
import { AddressForm } from './address-form';

/** The profile's address book: the addresses, the default marked, each editable; a form to add one. */
export function AddressBook() {
  const book = useAddresses();
  const change = useChangeAddresses();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const addresses = book.data?.addresses ?? [];
  return (
    <section aria-labelledby="address-book-title" className="mt-12">
      <h2 id="address-book-title" className="text-xl font-medium text-brand">
        Address book
      </h2>
      {book.isPending ? (
        <p className="mt-4 text-sm text-gray-600">Loading your addresses…</p>
      ) : addresses.length === 0 && editing !== 'new' ? (
        <p className="mt-4 text-sm text-gray-600">No saved addresses yet.</p>
      ) : null}
      <ul className="mt-4 flex flex-col gap-4">
        {addresses.map((a) =>
          editing === a._id ? (
            <li key={a._id} className="rounded border p-4">
              <AddressForm
                initial={a}
                submitLabel="Save address"
                busy={change.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={async (body) => {
                  await change.mutateAsync({ kind: 'update', id: a._id, body });
                  setEditing(null);
                  notify.success('Address saved');
                }}
              />
            </li>
          ) : (
            <AddressCard key={a._id} address={a}>
              <Button size="sm" variant="outline" onClick={() => setEditing(a._id)}>
                Edit
              </Button>
              {a.isDefault ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => change.mutate({ kind: 'default', id: a._id })}
                >
                  Make default
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete the address ${a.line1}`}
                onClick={() => change.mutate({ kind: 'delete', id: a._id })}
              >
                Delete
              </Button>
            </AddressCard>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <div className="mt-4 rounded border p-4">
          <AddressForm
            submitLabel="Save address"
            busy={change.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await change.mutateAsync({ kind: 'add', body });
              setEditing(null);
              notify.success('Address added');
            }}
          />
        </div>
      ) : (
        <Button className="mt-4" variant="outline" onClick={() => setEditing('new')}>
          Add an address
        </Button>
      )}
    </section>
  );
}

export function AddressCard({ address, children }: { address: Address; children?: React.ReactNode }) {
  return (
    <li className="rounded border p-4 text-sm">
      <p className="font-medium">
        {address.name} · {address.phone}
        {address.isDefault ? (
          <span className="ml-2 rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-700">Default</span>
        ) : null}
      </p>
      <p className="mt-1 text-gray-700">{addressText(address)}</p>
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </li>
  );
}
