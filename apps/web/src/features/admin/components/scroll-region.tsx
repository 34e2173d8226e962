import type { ReactNode } from 'react';

/**
 * A box that scrolls at `maxHeight` (the coupon table's 400 px). It takes
 * keyboard focus so the rows below the fold can be scrolled to without a mouse
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section tabIndex={0} aria-label={label} className={className}>
      {children}
    </section>
  );
}
