import { formatINR } from '@bazaar/shared/money';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useOrderRefunds, useRefundOrder } from '../api/refunds';
import { formatDateTime } from '../lib/format';

const newKey = () => `web_${crypto.randomUUID()}`;

/** An order's refunds, and a refund of any amount up to what remains, with its reason. */
export function RefundPanel({ orderId }: { orderId: string }) {
  const refunds = useOrderRefunds(orderId);
  const refund = useRefundOrder(orderId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per refund the admin means: a retried click after a lost reply is the same refund.
  const [key, setKey] = useState(newKey);
  if (!refunds.data) return null;
  const { remaining } = refunds.data;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await refund.mutateAsync({ amount: Number(amount), reason, key });
      notify.success('Refund issued');
      setAmount('');
      setReason('');
      setKey(newKey());
    } catch (error) {
      notify.error(errorMessage(error, 'The refund could not be made.'));
    }
  };
  return (
    <section aria-labelledby="refunds-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="refunds-title" className="mb-3 text-lg font-semibold">
        Refunds
      </h2>
      {refunds.data.refunds.length === 0 ? (
        <p className="text-sm text-gray-700">No refunds.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {refunds.data.refunds.map((r) => (
            <li key={r._id}>
              {formatINR(r.amount)} · {r.status} · {r.kind} · {formatDateTime(r.createdAt)} — {r.reason}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">Refundable: {formatINR(remaining)}</p>
      {remaining > 0 ? (
        <form
          onSubmit={onSubmit}
          aria-label="Refund"
          className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        >
          <FormField
            label="Amount (₹)"
            type="number"
            min="0.01"
            step="0.01"
            max={remaining}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <FormField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button type="submit" loading={refund.isPending} disabled={refund.isPending}>
            Refund
          </Button>
        </form>
      ) : null}
    </section>
  );
}
