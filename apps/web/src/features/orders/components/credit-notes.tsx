import { formatINR } from '@bazaar/shared/money';
import { Button } from '@/components/ui/button';
import { downloadInvoice } from '@/lib/download-invoice';
import { notify } from '@/lib/notify';
import { creditNotePath, useCreditNotes } from '../api/get-credit-notes';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** The order's credit notes (one per processed refund of an invoiced order), each with its PDF. */
export function CreditNotes({ orderId, refunded }: { orderId: string; refunded: boolean }) {
  const notes = useCreditNotes(orderId, refunded);
  const list = notes.data?.creditNotes ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="mt-3 border-t border-gray-200 pt-3 text-sm" data-credit-notes="">
      {list.map((note) => (
        <li key={note._id} className="flex flex-wrap items-center justify-between gap-2 py-1">
          <span>
            Credit note {note.number} · {formatINR(note.amount)} · {day.format(new Date(note.issuedAt))}
            <span className="block text-gray-600">Against invoice {note.invoiceNumber}</span>
          </span>
          <Button
            variant="outline"
            onClick={async () => {
              const failed = await downloadInvoice(creditNotePath(orderId, note._id));
              if (failed) notify.error(failed);
            }}
          >
            Download credit note
          </Button>
        </li>
      ))}
    </ul>
  );
}
