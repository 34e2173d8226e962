import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { reloadOnFailure } from '@/lib/reload-on-failure';

/** React.lazy for the header's on-demand menus and the admin area, reloading the app once when its chunk is gone (lib/reload-on-failure.ts). */
export function lazyWithReload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => reloadOnFailure(load()));
}
