import type { CarriersReply } from '@bazaar/shared/schemas/shipments';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useCarriers, useSaveCarriers } from '../api/carriers';

type Row = { name: string; trackingUrl: string };

/** Shop Settings' carriers: each a name and a tracking address with {tracking}, saved as one list. */
export function CarriersSection() {
  const carriers = useCarriers();
  return (
    <section
      aria-labelledby="carriers-title"
      className="mt-10 rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="carriers-title" className="text-lg font-semibold">
        Carriers
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        The ship form offers these (and Other). Put <code>{'{tracking}'}</code> where the tracking number
        goes.
      </p>
      {carriers.isPending ? (
        <Spinner size={24} label="Loading carriers…" />
      ) : carriers.isError ? (
        <p role="alert">{errorMessage(carriers.error, 'Failed to fetch carriers.')}</p>
      ) : (
        <CarriersForm key={carriers.dataUpdatedAt} initial={carriers.data} />
      )}
    </section>
  );
}

function CarriersForm({ initial }: { initial: CarriersReply }) {
  const save = useSaveCarriers();
  const [rows, setRows] = useState<Row[]>(
    initial.carriers.map(({ name, trackingUrl }) => ({ name, trackingUrl })),
  );
  const change = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { carriers: rows.filter((r) => r.name.trim() || r.trackingUrl.trim()) },
      {
        onSuccess: () => notify.success('Carriers saved'),
        onError: (error) => notify.error(errorMessage(error, 'The carriers could not be saved.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-3" aria-label="Carriers">
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
        <div key={i} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
          <FormField
            label={`Carrier ${i + 1} name`}
            value={row.name}
            onChange={(e) => change(i, { name: e.target.value })}
          />
          <FormField
            label={`Carrier ${i + 1} tracking address`}
            placeholder="https://carrier.example/track/{tracking}"
            value={row.trackingUrl}
            onChange={(e) => change(i, { trackingUrl: e.target.value })}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="flex gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => setRows((all) => [...all, { name: '', trackingUrl: '' }])}
        >
          Add carrier
        </Button>
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          Save carriers
        </Button>
      </div>
    </form>
  );
}
