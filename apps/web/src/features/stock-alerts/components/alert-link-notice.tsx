import { useSearchParams } from 'react-router';

// The links of the alert mails land on the shop with ?alert=… (apps/server stock-alerts.routes.ts:
// confirm → /product/:id?alert=confirmed, unsubscribe → /?alert=unsubscribed). A banner, not a toast:
// it is in the server-rendered page, and stays until the shopper has read it.
const MESSAGES: Record<string, string> = {
  confirmed: 'Your alert is confirmed: we will email you once when it is back in stock.',
  unsubscribed: 'Done: we will not email you about it.',
};

/** The message for the alert link the shopper followed, with a Dismiss that takes it out of the address. */
export function AlertLinkNotice() {
  const [params, setParams] = useSearchParams();
  const message = MESSAGES[params.get('alert') ?? ''];
  if (!message) return null;
  return (
    <div role="status" className="border-b border-green-200 bg-green-50">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 text-sm text-green-900">
        <p>{message}</p>
        <button
          type="button"
          className="underline underline-offset-4"
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('alert');
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
