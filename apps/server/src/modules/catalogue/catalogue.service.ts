import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Events, MAX_PAYLOAD_BYTES } from '../../lib/events/events';

const CHANGED = 'catalogue_changed';

declare module '../../lib/events/events' {
  interface EventMap {
    /** Products changed (null: any of them); `origin` is the process that said so, which already knows. */
    catalogue_changed: { productIds: string[] | null; origin: string };
  }
}

export interface CatalogueServiceDeps {
  events: Events;
  log: FastifyBaseLogger;
}

/** Told which products changed; undefined means any of them may have. */
export type CatalogueChangeListener = (productIds: readonly string[] | undefined) => void;

/**
 * The one place that announces catalogue changes: whoever writes products
 * (the admin, checkout's stock, an order's hold) says so here, and whoever
 * keeps something made of them (the listing, its reply cache, rendered pages)
 * listens, in this process and every other.
 */
export class CatalogueService {
  private readonly listeners = new Set<CatalogueChangeListener>();
  private readonly origin = randomUUID();
  private listening: Promise<unknown> | undefined;

  constructor(private readonly deps: CatalogueServiceDeps) {}

  /**
   * Says that these products (or, without ids, any product) changed: this
   * process's listeners hear it at once, every other process through the
   * database. Call it after the change committed (UnitOfWork.afterCommit). A
   * failed publish is logged, not thrown: the write stands, and other processes
   * catch up when their cached replies expire.
   */
  async invalidate(productIds?: readonly string[]): Promise<void> {
    this.notify(productIds);
    let ids = productIds ? [...productIds] : null;
    // Too many ids for one NOTIFY: say "everything" instead.
    if (ids && JSON.stringify(ids).length > MAX_PAYLOAD_BYTES - 100) ids = null;
    try {
      await this.deps.events.publish(CHANGED, { productIds: ids, origin: this.origin });
    } catch (err) {
      this.deps.log.warn({ err }, 'catalogue change not announced to other processes');
    }
  }

  /**
   * Calls `listener` whenever products change, in this process or another;
   * resolves once changes from other processes are heard too. Returns a remover.
   */
  async onChange(listener: CatalogueChangeListener): Promise<() => void> {
    this.listeners.add(listener);
    this.listening ??= this.deps.events.subscribe(
      CHANGED,
      (message) => {
        if (message.origin === this.origin) return;
        this.notify(Array.isArray(message.productIds) ? message.productIds : undefined);
      },
      // Changes announced while the connection was down are lost: assume anything changed.
      { onMissed: () => this.notify(undefined) },
    );
    await this.listening;
    return () => this.listeners.delete(listener);
  }

  private notify(productIds: readonly string[] | undefined): void {
    for (const listener of this.listeners) listener(productIds);
  }
}
