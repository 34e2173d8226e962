import type { ProductVariant } from '@bazaar/shared/schemas/catalogue';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session-store';
import { useCreateStockAlert } from '../api/create-stock-alert';

const label = (v: ProductVariant) => [v.colour, v.size].filter(Boolean).join(' / ') || 'This item';

/**
 * "Notify me" under the picker: the variants sold out (in the chosen colour, when one is chosen), one
 * of which the shopper picks to be emailed about once it is back. A guest gives an address (the shop
 * mails a link to confirm it); a signed-in shopper's account address is used.
 */
export function NotifyMe({
  variants,
  colour,
  size,
}: {
  variants: readonly ProductVariant[];
  colour: string | null;
  size: string | null;
}) {
  const signedIn = useSession((s) => s.isAuthenticated);
  const soldOut = variants.filter((v) => v.countInStock <= 0 && (!colour || v.colour === colour));
  const [picked, setPicked] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const create = useCreateStockAlert();
  if (soldOut.length === 0) return null;
  // The chosen size if it is sold out, else the one picked here, else the first.
  const chosen =
    soldOut.find((v) => v.id === picked) ??
    soldOut.find((v) => size !== null && v.size === size) ??
    soldOut[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ variantId: chosen.id, ...(signedIn ? {} : { email }) });
  };

  return (
    <section aria-labelledby="notify-me" className="rounded border border-gray-300 p-4 text-sm">
      <h2 id="notify-me" className="mb-2 font-medium">
        Sold out? We can email you when it is back.
      </h2>
      {create.isSuccess ? (
        <p role="status" className="text-emerald-700">
          {create.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          {soldOut.length > 1 ? (
            <label className="flex flex-col gap-1">
              <span className="text-gray-600">Sold out</span>
              <select
                value={chosen.id}
                onChange={(e) => setPicked(e.target.value)}
                className="rounded border border-gray-400 px-2 py-2"
              >
                {soldOut.map((v) => (
                  <option key={v.id} value={v.id}>
                    {label(v)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="text-gray-600">Sold out: {label(chosen)}</p>
          )}
          {signedIn ? null : (
            <label className="flex flex-col gap-1">
              <span className="text-gray-600">Your email</span>
              <input
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className="rounded border border-gray-400 px-2 py-2"
              />
            </label>
          )}
          <Button type="submit" variant="dark" size="md" disabled={create.isPending}>
            Notify me
          </Button>
          {create.isError ? (
            <p role="alert" className="basis-full text-brand">
              {errorMessage(create.error, 'We could not save that. Please try again.')}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
