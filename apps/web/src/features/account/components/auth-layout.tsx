import type { ReactNode } from 'react';

/** The sign-in pages' frame: a side picture on large screens, the form beside it. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-6xl items-center gap-16 px-4 py-12 lg:py-16">
      <div
        aria-hidden="true"
        className="hidden h-[560px] flex-1 items-center justify-center rounded bg-[#cbe4e8] lg:flex"
      >
        <svg
          width="180"
          height="180"
          viewBox="0 0 24 24"
          fill="none"
          stroke="#6b7280"
          strokeWidth="0.8"
          aria-hidden="true"
        >
          <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
          <path d="M3 6h18" />
          <path d="M16 10a4 4 0 0 1-8 0" />
        </svg>
      </div>
      <div className="w-full max-w-sm flex-none lg:mx-0 mx-auto">{children}</div>
    </section>
  );
}
