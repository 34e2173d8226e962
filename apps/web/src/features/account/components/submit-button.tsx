import type { ButtonHTMLAttributes } from 'react';

/** The brand-red action button of the account forms. */
export function SubmitButton({
  className = '',
  type = 'submit',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`inline-flex h-12 items-center justify-center rounded bg-brand px-8 text-sm font-medium text-white transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...rest}
    />
  );
}
