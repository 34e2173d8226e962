import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react';
import type { PageLoader as PageDataLoader } from '@/lib/page-data';
import { reloadOnFailure } from '@/lib/reload-on-failure';

/** What a page module may export besides its component. */
export interface PageModule {
  /** The queries the page renders (lib/page-data.ts): awaited by the server, started by the browser. */
  loader?: PageDataLoader;
  /** The page's client chunk (its manifest key), added to page modules by the server build. */
  __chunk?: string;
}

/** A promise that says when it has settled (as React's own thenables do): a loaded page renders at once. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(promise: Promise<T>, onRejected?: () => void): Tracked<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
      onRejected?.();
    },
  );
  return tracked;
}

/** A page loaded on demand: its module, loaded once (again after a failure), shown by `PageView`. */
export class LazyPage {
  #loading: Tracked<Record<string, unknown>> | undefined;
  /** The page while its module loads: suspends, and reloads the app once when the chunk is gone (a new deploy removed it). */
  readonly #lazy: LazyExoticComponent<ComponentType>;

  constructor(
    private readonly importModule: () => Promise<Record<string, unknown>>,
    /** The page component's export name. */
    readonly name: string,
  ) {
    this.#lazy = lazy(() =>
      reloadOnFailure(this.module()).then((module) => ({ default: module[name] as ComponentType })),
    );
  }

  /** Loads the page's module: the server, hydration and prefetching call it. */
  load = (): Promise<PageModule> => this.module();

  private module(): Tracked<Record<string, unknown>> {
    this.#loading ??= track(this.importModule(), () => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** The component to show now: the page's own once its module is loaded (it renders at once), else the lazy one. */
  component(): ComponentType {
    const module = this.module();
    return module.status === 'fulfilled' ? (module.value![this.name] as ComponentType) : this.#lazy;
  }
}

/** A lazily loaded page whose module exports the named component (and its `loader` when it has data). */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return new LazyPage(load, name);
}

/**
 * Renders a lazy page: at once when its module is loaded (the server's render, hydration after
 * `load`, a prefetched link), else through React.lazy until it is. Which of the two is chosen once
 * per page shown, so a page never remounts when its module arrives or its address changes.
 */
export function PageView({ page }: { page: LazyPage }) {
  const [shown, setShown] = useState(() => ({ page, Component: page.component() }));
  if (shown.page !== page) {
    const next = { page, Component: page.component() };
    setShown(next);
    return createElement(next.Component);
  }
  return createElement(shown.Component);
}
