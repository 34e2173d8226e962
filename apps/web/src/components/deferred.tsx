import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { reloadOnFailure } from '@/lib/reload-on-failure';
import { DisabledUntilHydrated } from './disabled-until-hydrated';

/**
 * A part of a page whose code is not in the page's first load (issue 27: the home route's 100 KB),
 * shown by `Deferred`. The server renders it in full; in the browser the rest of the page hydrates
 * without it, and its own Suspense boundary keeps the server's HTML on screen until its chunk is
 * here, then hydrates it.
 */
export class DeferredPart<P extends object> {
  #loading: Promise<{ default: ComponentType<P> }> | undefined;
  /** The part's component once its chunk is here: it then renders without suspending. */
  loaded: ComponentType<P> | undefined;
  readonly lazy: LazyExoticComponent<ComponentType<P>>;

  constructor(private readonly load: () => Promise<ComponentType<P>>) {
    this.lazy = lazy(this.preload);
  }

  /** Starts loading the part's code (once), e.g. beside the page that shows it. */
  preload = (): Promise<{ default: ComponentType<P> }> => {
    // The server has no session storage, and nothing to reload: a failure there is the render's error.
    this.#loading ??= (typeof window === 'undefined' ? this.load() : reloadOnFailure(this.load())).then(
      (component) => {
        this.loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  };
}

/**
 * Shows a deferred part. Only a page the browser renders itself before the part's chunk is here (a
 * click through to it) shows `placeholder`, which keeps the part's room. `disabledUntilHydrated`: the
 * part's controls stay disabled until it has hydrated, for a form whose plain submit the server
 * would not understand.
 */
export function Deferred<P extends object>({
  part,
  props,
  placeholder,
  disabledUntilHydrated = false,
}: {
  part: DeferredPart<P>;
  props: P;
  placeholder: ReactNode;
  disabledUntilHydrated?: boolean;
}) {
  // Chosen once per mount: one that mounted lazily keeps that component, so its state survives the
  // chunk's arrival.
  const [Part] = useState<ComponentType<P>>(() => part.loaded ?? part.lazy);
  const shown = <Part {...props} />;
  return (
    <Suspense fallback={placeholder}>
      {disabledUntilHydrated ? <DisabledUntilHydrated>{shown}</DisabledUntilHydrated> : shown}
    </Suspense>
  );
}
