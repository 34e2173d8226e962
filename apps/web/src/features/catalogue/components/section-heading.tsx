import type { ReactNode } from 'react';

/** The red tag over a section heading ("Today's", "This Month", ...). */
export function SectionHeading({
  tag,
  title,
  id,
  children,
}: {
  tag?: string;
  title: string;
  id: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-x-16 gap-y-4">
      <div>
        {tag ? (
          <p className="mb-4 flex items-center gap-3 text-sm font-semibold text-brand">
            <span aria-hidden="true" className="h-9 w-5 rounded bg-brand" />
            {tag}
          </p>
        ) : null}
        <h2 id={id} className="text-2xl font-semibold tracking-wide md:text-4xl">
          {title}
        </h2>
      </div>
      {children}
    </div>
  );
}
