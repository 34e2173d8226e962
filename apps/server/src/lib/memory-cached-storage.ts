import type { FileStorage, StoredFile } from './storage';

export interface MemoryCacheOptions {
  /** Bytes of files kept at most; the least recently read go first. */
  maxBytes: number;
  /** Files larger than this are never kept (one would push out many pictures). */
  maxFileBytes: number;
  /**
   * How long a kept file is answered without asking the store again. Another process's remove()
   * reaches this one's copy only when it expires, so this is how long a removed picture can still
   * be served by the other machines.
   */
  ttlMs: number;
  now?: () => number;
}

interface Kept {
  data: Buffer;
  expires: number;
}

/**
 * A store in front of a remote one (the bucket) that keeps recently read files in memory: a
 * popular picture costs the bucket one request a minute per process instead of one per visitor,
 * and identical reads in flight together share one request. Writes and removals go through to the
 * store at once and update this process's copy.
 */
export class MemoryCachedStorage implements FileStorage {
  readonly kind: FileStorage['kind'];
  private readonly kept = new Map<string, Kept>();
  private readonly reading = new Map<string, Promise<Buffer | undefined>>();
  private bytes = 0;
  /** Bumped by every remove(): a read that started before one is not kept (it may be of a removed file). */
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly store: FileStorage,
    private readonly options: MemoryCacheOptions,
  ) {
    this.kind = store.kind;
    this.now = options.now ?? Date.now;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const hit = this.kept.get(key);
    if (hit && hit.expires > this.now()) {
      // Re-inserted: the Map's order is the order of use.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit.data;
    }
    let pending = this.reading.get(key);
    if (!pending) {
      const startedIn = this.generation;
      pending = this.store.get(key).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
      pending.then(
        (data) => {
          if (data && startedIn === this.generation) this.keep(key, data);
          else this.forget(key);
        },
        () => {},
      );
    }
    return pending;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.store.put(key, data);
    this.keep(key, data);
  }

  async remove(key: string): Promise<void> {
    this.generation += 1;
    this.reading.clear();
    await this.store.remove(key);
    for (const k of [...this.kept.keys()]) {
      if (k === key || (k.startsWith('.variants/') && k.endsWith(`/${key}.webp`))) this.forget(k);
    }
  }

  size(key: string): Promise<number | undefined> {
    return this.store.size(key);
  }

  list(): AsyncIterable<StoredFile> {
    return this.store.list();
  }

  localPath(key: string): string | undefined {
    return this.store.localPath(key);
  }

  close(): Promise<void> {
    this.kept.clear();
    return this.store.close();
  }

  private keep(key: string, data: Buffer): void {
    this.forget(key);
    if (data.length > this.options.maxFileBytes) return;
    this.kept.set(key, { data, expires: this.now() + this.options.ttlMs });
    this.bytes += data.length;
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.options.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }

  private forget(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.bytes -= entry.data.length;
  }
}
