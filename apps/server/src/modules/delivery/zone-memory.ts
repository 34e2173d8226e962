import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { EventMap, Events, Unsubscribe } from '../../lib/events/index';
import { findDeliveryRevision, prepareDeliveryRevision } from './delivery.repo';
import { type DeliverySnapshot, loadSnapshot } from './delivery-snapshot';

const CHANGED = 'delivery_changed';
/** Revision reads one process keeps in flight at once (its pool holds 10 connections by default). */
const PARALLEL_READS = 4;

declare module '../../lib/events/events' {
  interface EventMap {
    /** The zones or the delivery calendar changed: `revision` is the one the change committed. */
    delivery_changed: { revision: number; origin: string };
  }
}

export interface ZoneMemoryDeps {
  db: Db;
  database: Pick<Database, 'kind'>;
  events: Events;
  log: FastifyBaseLogger;
}

/**
 * Each process's copy of the zones, their matcher and the calendar (decision record 176). On PostgreSQL
 * every answer first reads the revision (one primary-key lookup) and uses the copy only if it is that
 * revision, so a change made through any process applies here at once. Every write says so inside its
 * transaction (`delivery_changed`, delivered at its commit): the copy is rebuilt ahead of need, and
 * dropped and rebuilt when the listening connection was lost (messages may have been missed). On PGlite
 * there is one process and its engine hands the message to every listener at the commit, before the
 * writer or any other request goes on, so the message alone says when the copy is stale.
 */
export class ZoneMemory {
  private held: DeliverySnapshot | undefined;
  private loading: Promise<DeliverySnapshot> | undefined;
  private reads = 0;
  private next: { promise: Promise<number>; begin: () => void } | undefined;
  private readonly origin = randomUUID();
  private readonly listeners = new Set<() => void>();
  private unsubscribe: Unsubscribe | undefined;
  /** The newest revision a message announced. */
  private heard = 0;
  private readonly toldAtCommit: boolean;

  private readonly revisionStatement: { read(): Promise<number> };

  constructor(private readonly deps: ZoneMemoryDeps) {
    this.revisionStatement = prepareDeliveryRevision(deps.db);
    this.toldAtCommit = deps.database.kind === 'pglite';
  }

  /** Listens for other processes' changes and loads the zones (before the app listens). */
  async start(): Promise<void> {
    this.unsubscribe ??= await this.deps.events.subscribe(
      CHANGED,
      (message) => {
        this.heard = Math.max(this.heard, message.revision);
        if (message.origin !== this.origin) this.notify();
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
   * The zones as `db` sees them now. Through a transaction (checkout's) at another revision than the
   * copy's, the zones are read through that transaction, so the answer agrees with what it sees.
   */
  async snapshot(db: DbOrTx = this.deps.db): Promise<DeliverySnapshot> {
    const held = this.held;
    if (this.toldAtCommit && this.unsubscribe && db === this.deps.db && held && held.revision >= this.heard) {
      return held;
    }
    const revision = db === this.deps.db ? await this.revision() : await findDeliveryRevision(db);
    if (this.held?.revision === revision) return this.held;
    // Never kept: what another transaction sees may roll back, and its revision would then name
    // zones that never were.
    if (db !== this.deps.db) return loadSnapshot((work) => work(db));
    const loaded = await this.reload();
    // A load already under way may have begun before `revision` committed; the next one begins after.
    return loaded.revision >= revision ? loaded : this.reload();
  }

  /**
   * The database's revision. Up to PARALLEL_READS reads are in flight at once; an answer arriving
   * beyond that joins the next read to begin, never one already under way (which may have begun before
   * a write this answer must see committed), so under load the reads stay few and short.
   */
  private revision(): Promise<number> {
    if (this.reads < PARALLEL_READS) return this.readRevision();
    if (!this.next) {
      let begin!: () => void;
      const promise = new Promise<void>((resolve) => {
        begin = resolve;
      }).then(() => {
        this.next = undefined;
        return this.readRevision();
      });
      this.next = { promise, begin };
    }
    return this.next.promise;
  }

  private readRevision(): Promise<number> {
    this.reads += 1;
    return this.revisionStatement.read().finally(() => {
      this.reads -= 1;
      this.next?.begin();
    });
  }

  /**
   * Says, inside the writing transaction, that it changes the zones (`revision` is the one it counted
   * up to): every process hears it when, and only if, the transaction commits.
   */
  async announce(tx: DbOrTx, revision: number): Promise<void> {
    const payload: EventMap[typeof CHANGED] = { revision, origin: this.origin };
    await tx.execute(sql`select pg_notify(${CHANGED}, ${JSON.stringify(payload)})`);
  }

  /** After a write here committed (at `revision`): this process's listeners are told, and the copy rebuilt. */
  changed(revision: number): void {
    this.heard = Math.max(this.heard, revision);
    this.notify();
    this.refresh();
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
