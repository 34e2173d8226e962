import type { FastifyBaseLogger } from 'fastify';
import type { ListedPage, ListingIndex, PageRequest, PageRow } from '../listing-index';
import { type ListingSummary, toFacetSummary } from '../product-facets';
import type { ProductFilters } from '../product-filters';
import type { SqlRunner } from '../sql-runner';
import {
  brandsAndPriceOnly,
  emptyTally,
  facetRows,
  keptTally,
  mergeBrands,
  type Tally,
  tally,
  tallyBrands,
  tallyPriceRange,
} from './facet-tally';
import { resolveCriteria } from './listing-criteria';
import { readChangesSince, readListing, readProductJson } from './listing-feed.repo';
import { ListingMemory } from './listing-memory';
import { orderOf } from './listing-orders';
import { type Passing, pickPage } from './page-selection';
import { SLICE_MS, Slices } from './slices';
import { keptStockChoice, stockTally, stockTest } from './stock-tally';
import { matchTerm } from './text-match';

/** A request that keeps finding the listing changed under it answers from the last state it caught up to. */
const ATTEMPTS = 4;
/** Product ids one statement reads at most; a busier moment sends more statements. */
const BATCH_IDS = 2_000;

interface JsonRead {
  json: ReadonlyMap<string, string>;
  /** Nothing in the listing changed between the memory's state (`generation`) and the statement. */
  fresh: boolean;
  generation: number;
}

interface Batch {
  ids: Set<string>;
  waiting: { resolve: (read: JsonRead) => void; reject: (error: unknown) => void }[];
}

/**
 * Listings answered from the catalogue kept in this process's memory: pages, totals and facet counts are
 * worked out here, and PostgreSQL is asked only for the page's products (the
 * JSON it keeps) — by one statement for all the requests waiting at that
 * moment — and, in the same statement, whether the listing changed since the
 * memory's snapshot. If it did, the memory first reads the changed rows
 * (catalogue_listing_changes) and the page is worked out again, so every
 * reply is exact for the catalogue as it stands when its products are read,
 * whichever process or statement changed it. Type-ahead suggestions stay
 * with PostgreSQL's trigram index (product-search.ts).
 */
export class MemoryListingIndex implements ListingIndex {
  private memory = new ListingMemory();
  /** A change being applied to the memory, in slices: no query reads it meanwhile. */
  private applying: Promise<void> | undefined;
  /** The PostgreSQL snapshot the memory is exact for (pg_snapshot text). */
  private snapshot = '';
  /** Counts the memory's changes: a page worked out before one is worked out again. */
  private generation = 0;
  private loading: Promise<void> | undefined;
  private catching: Promise<void> | undefined;
  private batch: Batch | undefined;
  private hinted = false;
  /** Summaries of category nodes alone, as of `keptGeneration`. */
  private readonly keptSummaries = new Map<number, ListingSummary>();
  private keptGeneration = -1;

  constructor(
    private readonly sql: SqlRunner,
    private readonly log: FastifyBaseLogger,
    /** How long a slice of bulk work runs before yielding (slices.ts); a test makes it 0. */
    private readonly sliceMs = SLICE_MS,
  ) {}

  start(): Promise<void> {
    this.loading ??= this.loadAll().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.loading, this.catching]);
  }

  changed(): void {
    // Several changes in a burst: one catch-up after them.
    if (!this.loading || this.hinted) return;
    this.hinted = true;
    setImmediate(() => {
      this.hinted = false;
      this.catchUp().catch((err: unknown) =>
        this.log.warn({ err }, 'catalogue memory did not catch up; it will when asked'),
      );
    });
  }

  async list(f: ProductFilters, page: PageRequest): Promise<ListedPage> {
    for (let attempt = 1; ; attempt++) {
      await this.settled();
      const generation = this.generation;
      const { rows, summary } = this.query(f, page);
      const read = await this.readJson(rows.map((r) => r.id));
      if ((read.fresh && read.generation === generation) || attempt === ATTEMPTS) {
        // A product gone since (only when the listing kept changing under this request) is left out.
        const found = rows.flatMap((r) => {
          const json = read.json.get(r.id);
          return json === undefined ? [] : [{ json, key: r.key } satisfies PageRow];
        });
        return { rows: found, summary };
      }
      await this.catchUp();
    }
  }

  async summarize(f: ProductFilters): Promise<ListingSummary> {
    for (let attempt = 1; ; attempt++) {
      await this.settled();
      const generation = this.generation;
      const { tally: counted, node } = this.tallyOf(f);
      const summary = this.summaryOf(counted, node);
      const read = await this.readJson([]);
      if ((read.fresh && read.generation === generation) || attempt === ATTEMPTS) return summary;
      await this.catchUp();
    }
  }

  /** Loaded, and no change half applied: the memory is whole until the next await. */
  private async settled(): Promise<void> {
    await this.start();
    while (this.applying) await this.applying;
  }

  /** The page's product ids with their keys, and the summary, from memory as it is now (synchronous). */
  private query(
    f: ProductFilters,
    page: PageRequest,
  ): { rows: { id: string; key: string[] }[]; summary: ListingSummary } {
    const { tally: counted, passing, relevance, node } = this.tallyOf(f, page);
    const picked = pickPage(this.memory.store, this.memory.orders, passing, {
      sort: page.sort,
      limit: page.limit,
      offset: 'offset' in page.at ? page.at.offset : 0,
      after: 'after' in page.at ? page.at.after : undefined,
      relevance,
    });
    const { ids } = this.memory.store;
    return {
      rows: picked.map((p) => ({ id: ids[p.slot]!, key: p.key })),
      summary: this.summaryOf(counted, node),
    };
  }

  /**
   * The listing's tally and the products passing it, for `page` (none: a summary, no page); a search
   * in the featured order has its relevance by slot too.
   */
  private tallyOf(
    f: ProductFilters,
    page?: PageRequest,
  ): { tally: Tally; passing: Passing; relevance?: Float64Array; node?: number } {
    const ranked = page?.sort === 'featured';
    const order = page && orderOf(page.sort);
    const { store, nodes, trigrams, scratch } = this.memory;
    const c = resolveCriteria(store, nodes, f);
    if (c.nothing || !c.node) {
      const none = emptyTally();
      return { tally: none, passing: { slots: none.passing, n: 0, byPrice: true, everything: false } };
    }
    // The path alone: the node's kept counts, its members as they are.
    if (!c.term && !c.flags && !c.faceted && !c.levels) {
      const kept = keptTally(store, c.node);
      const everything = c.depth === 0;
      const passing = { slots: c.node.members, n: c.node.length, byPrice: true, everything };
      return { tally: kept, passing, node: c.nodeId };
    }
    if (c.term) {
      const mark = this.memory.nextMark();
      const n = matchTerm(store, nodes, trigrams, c.term, ranked, { ...scratch, mark });
      const counted = tally(store, c, scratch.out, n, true, scratch.passing);
      const passing = { slots: scratch.passing, n: counted.total, byPrice: false, everything: false };
      return ranked ? { tally: counted, passing, relevance: scratch.relevance } : { tally: counted, passing };
    }
    const choice = keptStockChoice(c);
    if (choice) {
      const test = stockTest(store, c);
      const counted = stockTally(store, c.node, choice, test);
      const passing = { slots: c.node.members, n: c.node.length, byPrice: true, everything: false, test };
      return { tally: counted, passing };
    }
    if (brandsAndPriceOnly(c) && (!order || order.name === 'price')) {
      const counted = tallyBrands(store, c, c.node, undefined);
      // A cursor's page starts at a key, not an offset: it needs them all.
      const want = !page ? 0 : 'offset' in page.at ? page.at.offset + page.limit : counted.total;
      const n = mergeBrands(store, c, c.node, want, order?.descending ?? false, scratch.passing);
      return { tally: counted, passing: { slots: scratch.passing, n, byPrice: true, everything: false } };
    }
    if (brandsAndPriceOnly(c)) {
      const counted = tallyBrands(store, c, c.node, scratch.passing);
      return {
        tally: counted,
        passing: { slots: scratch.passing, n: counted.total, byPrice: false, everything: false },
      };
    }
    const counted = c.priced
      ? tallyPriceRange(store, c, c.node, scratch.passing)
      : tally(store, c, c.node.members, c.node.length, false, scratch.passing);
    return {
      tally: counted,
      passing: { slots: scratch.passing, n: counted.total, byPrice: true, everything: false },
    };
  }

  /** The summary of a tally; a node's kept counts make the same one until the memory changes, so it is kept. */
  private summaryOf(t: Tally, node?: number): ListingSummary {
    if (node === undefined) return toFacetSummary(facetRows(this.memory.store, t));
    if (this.keptGeneration !== this.generation) {
      this.keptSummaries.clear();
      this.keptGeneration = this.generation;
    }
    let summary = this.keptSummaries.get(node);
    if (!summary) {
      summary = toFacetSummary(facetRows(this.memory.store, t));
      this.keptSummaries.set(node, summary);
    }
    return summary;
  }

  /** The products' JSON, read with every other request's waiting at this moment: one statement. */
  private readJson(ids: readonly string[]): Promise<JsonRead> {
    if (!this.batch || this.batch.ids.size + ids.length > BATCH_IDS) {
      const batch: Batch = { ids: new Set(), waiting: [] };
      this.batch = batch;
      setImmediate(() => this.send(batch));
    }
    const batch = this.batch;
    for (const id of ids) batch.ids.add(id);
    return new Promise((resolve, reject) => batch.waiting.push({ resolve, reject }));
  }

  private async send(batch: Batch): Promise<void> {
    if (this.batch === batch) this.batch = undefined;
    const { snapshot, generation } = this;
    try {
      const read = await readProductJson(this.sql, [...batch.ids], snapshot);
      const fresh = !read.changed;
      // Nothing changed between the two snapshots: the memory is as exact for the newer one.
      if (fresh && generation === this.generation) this.snapshot = read.snapshot;
      for (const w of batch.waiting) w.resolve({ json: read.json, fresh, generation });
    } catch (error) {
      for (const w of batch.waiting) w.reject(error);
    }
  }

  /** Reads what changed since the memory's snapshot and applies it; one at a time, shared by whoever asks meanwhile. */
  private catchUp(): Promise<void> {
    this.catching ??= (async () => {
      await this.start();
      const changes = await readChangesSince(this.sql, this.snapshot);
      if (changes.reload) return this.loadAll();
      if (changes.changed.size) {
        this.applying = this.memory.apply(changes.changed, new Slices(this.sliceMs));
        try {
          await this.applying;
        } catch (err) {
          // A change half applied leaves no memory to trust: queries wait while the listing is read afresh.
          this.log.error({ err }, 'catalogue memory change not applied; loading the listing again');
          this.applying = this.loadAll();
          await this.applying;
          return;
        } finally {
          this.applying = undefined;
        }
        this.generation += 1;
      }
      this.snapshot = changes.snapshot;
    })().finally(() => {
      this.catching = undefined;
    });
    return this.catching;
  }

  private async loadAll(): Promise<void> {
    const started = Date.now();
    const { snapshot, records } = await readListing(this.sql);
    // Filled beside the memory queries read, in slices, and swapped in whole.
    const memory = new ListingMemory();
    await memory.load(records, new Slices(this.sliceMs));
    this.memory = memory;
    this.snapshot = snapshot;
    this.generation += 1;
    this.log.info(
      { products: records.length, ms: Date.now() - started },
      'catalogue listing loaded into memory',
    );
  }
}
