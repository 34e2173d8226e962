import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Underlined link text in the darker brand red (5.4:1 on white, WCAG AA). */
export const linkClass =
  'rounded-sm font-medium text-brand-dark underline underline-offset-4 hover:text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark';

/** A router link for app paths; a plain anchor for mailto: and tel:. */
export function ContentLink({
  to,
  className = linkClass,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  if (/^(mailto|tel):/.test(to)) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
