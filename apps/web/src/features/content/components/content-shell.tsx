import type { ReactNode } from 'react';

/** The frame of every help, FAQ, policy and about page: a readable column with its h1. */
export function ContentShell({
  title,
  intro,
  before,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Shown above the heading, such as a breadcrumb. */
  before?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:py-14 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      {before}
      <h1 className="text-3xl font-semibold tracking-tight break-words sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-4 text-lg text-gray-700">{intro}</div> : null}
      <div className="mt-10">{children}</div>
    </div>
  );
}
