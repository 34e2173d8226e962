import { NEWSLETTER_INVALID_EMAIL, NEWSLETTER_SUBSCRIBED } from '@bazaar/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { SendIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSubscribe } from '../api/subscribe';

// Looks like an address: something@something.tld, no spaces. The server decides the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The footer's sign-up for 10% off a first purchase. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscription = useSubscribe();
  const sending = subscription.isPending;
  const inputId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_SHAPE.test(value) || value.length > 254) {
      setError(NEWSLETTER_INVALID_EMAIL);
      return;
    }
    setError(null);
    subscription.mutate(value, {
      onSuccess: () => {
        setEmail('');
        notify.success(NEWSLETTER_SUBSCRIBED);
      },
      onError: (failure) => {
        // The server's words (a refused address, too many sign-ups); a generic line for anything else.
        const message =
          fieldErrors(failure).email ??
          errorMessage(failure, 'Could not subscribe right now. Please try again.');
        setError(message);
        notify.error(message);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex h-12 items-center rounded border-[1.5px] border-white pr-2 focus-within:border-brand">
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-full w-full min-w-0 bg-transparent px-4 text-sm text-white outline-none placeholder:text-gray-400"
        />
        <button
          type="submit"
          disabled={sending}
          aria-label="Subscribe"
          className="rounded p-1.5 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
        >
          {sending ? <Spinner size={18} /> : <SendIcon size={20} />}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
