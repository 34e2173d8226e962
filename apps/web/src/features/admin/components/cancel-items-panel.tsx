import type { AdminOrder } from '@bazaar/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useAdminCancelItems } from '../api/returns';
import { rupeesWithPaise as rupees } from '../lib/format';

/**
 * The admin order screen's "Cancel items" (a paid order not yet shipped): units per line and a reason;
 * the server refunds their share and answers with the amount, shown here.
 */
export function CancelItemsPanel({ order }: { order: AdminOrder }) {
  const cancel = useAdminCancelItems(order._id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [units, setUnits] = useState<Record<string, number>>({});
  const [refunded, setRefunded] = useState<number | null>(null);
  const lines = order.orderItems
    .map((item) => ({ ...item, left: item.qty - item.cancelledQty - item.returnedQty }))
    .filter((item) => item.left > 0);
  if (lines.length === 0 && refunded === null) return null;
  const chosen = Object.entries(units).filter(([, n]) => n > 0);

  const submit = async () => {
    if (chosen.length === 0) return notify.error('Choose at least one item to cancel.');
    if (!reason.trim()) return notify.error('Write the reason for the cancellation.');
    try {
      const reply = await cancel.mutateAsync({
        items: chosen.map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
        reason: reason.trim(),
      });
      setRefunded(reply.refund);
      setUnits({});
      setReason('');
      setOpen(false);
      notify.success(`${reply.message} Refund: ${rupees(reply.refund)}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The items could not be cancelled.'));
    }
  };

  return (
    <section
      aria-labelledby="cancel-items-title"
      className="mt-6 rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="cancel-items-title" className="mb-3 text-lg font-semibold">
        Cancel items
      </h2>
      {refunded !== null ? (
        <p role="status" className="mb-3 text-sm" data-cancel-refund={refunded}>
          Items cancelled; refund {rupees(refunded)}.
        </p>
      ) : null}
      {!open ? (
        lines.length > 0 ? (
          <Button variant="outline" onClick={() => setOpen(true)}>
            Cancel items
          </Button>
        ) : null
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          {lines.map((line) => (
            <label key={line._id} className="flex items-center justify-between gap-3">
              <span>
                {line.name}
                {line.colour || line.size ? ` (${[line.colour, line.size].filter(Boolean).join(' · ')})` : ''}
              </span>
              <select
                aria-label={`Units of ${line.name} to cancel`}
                className="rounded border border-gray-300 px-2 py-1"
                value={units[line._id] ?? 0}
                onChange={(e) => setUnits({ ...units, [line._id]: Number(e.target.value) })}
              >
                {[...Array(line.left + 1).keys()].map((n) => (
                  <option key={`units-${n}`} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <FormField
            label="Reason (the customer is told)"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex gap-3">
            <Button onClick={submit} loading={cancel.isPending} disabled={cancel.isPending}>
              Cancel the chosen items and refund
            </Button>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep them
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
