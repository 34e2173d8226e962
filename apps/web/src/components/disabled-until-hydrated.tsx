import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Until the page runs, its form controls are disabled: a field typed into before hydration would be
 * reset by its form, and a form sent then would go to the server as a plain GET. Links work. Inside a
 * deferred part (components/deferred.tsx) it keeps that part's controls disabled until the part itself has
 * hydrated. A component of its own, so the re-render hydration ends with (done at once, in one task) is this
 * fieldset alone and not the whole page.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
