import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Events, Unsubscribe } from '../../lib/events/index';
import { findDeliveryRevision, prepareDeliveryRevision } from './delivery.repo';
import { type DeliverySnapshot, loadSnapshot } from './delivery-snapshot';

const CHANGED = 'delivery_changed';

declare module '../../lib/events/events' {
  interface EventMap {
    /** The zones or the delivery calendar changed: `revision` is the one the change committed. */
    delivery_changed: { revision: number; origin: string };
  }
}

export interface ZoneMemoryDeps {
  db: Db;
  events: Events;
  log: FastifyBaseLogger;
}

/**
 * Each process's copy of the zones, their matcher and the calendar (decision record 159). Every answer
 * first reads the revision (one primary-key lookup) and uses the copy only if it is that revision, so a
 * change made through any process applies here at once; the copy is rebuilt ahead of need when a write
 * here commits or another process says so (`delivery_changed`), and dropped and rebuilt when the
 * listening connection was lost (messages may have been missed).
 */
export class ZoneMemory {
  private held: DeliverySnapshot | undefined;
  private loading: Promise<DeliverySnapshot> | undefined;
  private reading: Promise<number> | undefined;
  private queued: Promise<number> | undefined;
  private readonly origin = randomUUID();
  private readonly listeners = new Set<() => void>();
  private unsubscribe: Unsubscribe | undefined;

  private readonly revisionStatement: { read(): Promise<number> };

  constructor(private readonly deps: ZoneMemoryDeps) {
    this.revisionStatement = prepareDeliveryRevision(deps.db);
  }

  /** Listens for other processes' changes and loads the zones (before the app listens). */
  async start(): Promise<void> {
    this.unsubscribe ??= await this.deps.events.subscribe(
      CHANGED,
      (message) => {
        if (message.origin === this.origin) return;
        this.notify();
        if (message.revision > (this.held?.revision ?? 0)) this.refresh();
      },
      {
        onMissed: () => {
          this.held = undefined;
          this.notify();
          this.refresh();
        },
      },
    );
    await this.reload();
  }

  async close(): Promise<void> {
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    await stop?.();
  }

  /** Calls `listener` after every change, here or on another process; returns a remover. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The zones as `db` sees them now. Through a transaction (checkout's), a copy of another revision is
   * read through that transaction, so the answer agrees with what it sees.
   */
  async snapshot(db: DbOrTx = this.deps.db): Promise<DeliverySnapshot> {
    const revision = db === this.deps.db ? await this.revision() : await findDeliveryRevision(db);
    if (this.held?.revision === revision) return this.held;
    if (db !== this.deps.db) return this.keep(await loadSnapshot((work) => work(db)));
    const loaded = await this.reload();
    // A load already under way may have begun before `revision` committed; the next one begins after.
    return loaded.revision >= revision ? loaded : this.reload();
  }

  /**
   * The database's revision, read by one statement shared by every answer waiting for it: an answer
   * joins the next read to begin, never one already under way (which may have begun before a write
   * this answer must see committed), so under load about one read is in flight, not one per answer.
   */
  private revision(): Promise<number> {
    if (!this.reading) {
      this.reading = this.revisionStatement.read().finally(() => {
        this.reading = undefined;
      });
      return this.reading;
    }
    this.queued ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.revision();
      });
    return this.queued;
  }

  /** After a write here committed: rebuilds the copy and tells the other processes. */
  async changed(revision: number): Promise<void> {
    this.notify();
    this.refresh();
    try {
      await this.deps.events.publish(CHANGED, { revision, origin: this.origin });
    } catch (err) {
      this.deps.log.warn({ err }, 'delivery change not announced to other processes');
    }
  }

  private refresh(): void {
    this.reload().catch((err) => this.deps.log.warn({ err }, 'delivery zones not reloaded'));
  }

  /** One load at a time: callers arriving meanwhile share it. */
  private reload(): Promise<DeliverySnapshot> {
    this.loading ??= this.load()
      .then((loaded) => this.keep(loaded))
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private load(): Promise<DeliverySnapshot> {
    return loadSnapshot((work) =>
      this.deps.db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' }),
    );
  }

  /** Keeps the newer of the held copy and this one. */
  private keep(loaded: DeliverySnapshot): DeliverySnapshot {
    if (!this.held || loaded.revision >= this.held.revision) this.held = loaded;
    return loaded;
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.deps.log.error({ err }, 'delivery change listener failed');
      }
    }
  }
}
