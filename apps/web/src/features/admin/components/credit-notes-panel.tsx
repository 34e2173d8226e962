import { formatINR } from '@bazaar/shared/money';
import { Button } from '@/components/ui/button';
import { downloadInvoice } from '@/lib/download-invoice';
import { notify } from '@/lib/notify';
import { adminCreditNotePath, useOrderCreditNotes } from '../api/credit-notes';
import { formatDateTime } from '../lib/format';

/** The paid order's credit notes (one per processed refund), each with its kept PDF. */
export function CreditNotesPanel({ orderId }: { orderId: string }) {
  const notes = useOrderCreditNotes(orderId);
  const list = notes.data?.creditNotes ?? [];
  if (list.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="credit-notes-title">
      <h2 id="credit-notes-title" className="mb-3 text-lg font-semibold">
        Credit notes
      </h2>
      <ul className="flex flex-col gap-2 text-sm" data-credit-notes="">
        {list.map((note) => (
          <li key={note._id} className="flex flex-wrap items-center justify-between gap-2 rounded border p-3">
            <span>
              <span className="font-mono">{note.number}</span> · {formatINR(note.amount)} ·{' '}
              {formatDateTime(note.issuedAt)} · against {note.invoiceNumber}
              <span className="block text-gray-700">{note.reason}</span>
            </span>
            <Button
              variant="outline"
              onClick={async () => {
                const failed = await downloadInvoice(adminCreditNotePath(orderId, note._id));
                if (failed) notify.error(failed);
              }}
            >
              Download credit note
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
