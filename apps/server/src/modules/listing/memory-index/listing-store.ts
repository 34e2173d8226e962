import { Dictionary } from './dictionary';
import type { ListingRecord } from './listing-feed.repo';
import { SlotBits } from './slot-bits';

interface PathNode {
  id: number;
  children: Map<number, PathNode>;
}

/** A column value that is not there (a null material, a path level, a node). */
export const NONE = -1;
/** Category, subcategory, option, suboption. */
export const PATH_LEVELS = 4;
export const FEATURED = 1;
export const IN_STOCK = 2;
export const ON_SALE = 4;

/**
 * The listed products, one slot each, as columns of numbers (typed arrays)
 * so a pass over thousands of them is a tight loop: strings become
 * dictionary numbers, flags bits, the rating the float4 PostgreSQL keeps.
 * Slots of removed products are reused. Nothing here is sorted or counted;
 * the index's other parts keep that, told by the index before and after a
 * slot is written.
 */
export class ListingStore {
  readonly pathValues = new Dictionary();
  readonly brands = new Dictionary();
  readonly materials = new Dictionary();
  readonly colourValues = new Dictionary();
  readonly sizeValues = new Dictionary();
  /** Category nodes as a tree of pathValues numbers: node 0 the whole shop, its children the categories, … */
  private readonly root: PathNode = { id: 0, children: new Map() };
  private nodeCount = 1;
  /** The nodes of depth 1 (each category) and their names, which search matches as a substring too. */
  readonly categoryNodes: { id: number; name: string }[] = [];

  capacity = 0;
  /** How many slots were ever handed out (live or free). */
  slots = 0;
  liveCount = 0;
  ids: (string | undefined)[] = [];
  /**
   * What search reads of a product, in one string (one object to fetch per
   * match): the lower-cased name, then the document's lexemes weighted A, B
   * and C, each part after a control character no search term can hold.
   * `nameEnd`, `bStart` and `cStart` say where the parts begin.
   */
  texts: string[] = [];
  nameEnd = new Int32Array(0);
  bStart = new Int32Array(0);
  cStart = new Int32Array(0);
  readonly colours = new SlotBits();
  readonly sizes = new SlotBits();
  /** The colours and sizes in stock (some active variant of them): what In Stock Only reads instead. */
  readonly stockColours = new SlotBits();
  readonly stockSizes = new SlotBits();
  live = new Uint8Array(0);
  /** PATH_LEVELS per slot: the levels' pathValues numbers. */
  path = new Int32Array(0);
  /** PATH_LEVELS per slot: the node of each depth (1…4) the product is in, NONE below its path. */
  nodes = new Int32Array(0);
  brand = new Int32Array(0);
  material = new Int32Array(0);
  rating = new Float32Array(0);
  numReviews = new Int32Array(0);
  price = new Int32Array(0);
  flags = new Uint8Array(0);
  created = new Float64Array(0);
  sizeRank = new Int32Array(0);

  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];

  slotOfId(id: string): number {
    return this.slotOf.get(id) ?? NONE;
  }

  /** A slot for a product not held yet. */
  allocate(id: string): number {
    const slot = this.free.pop() ?? this.slots++;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.slotOf.set(id, slot);
    this.ids[slot] = id;
    this.live[slot] = 1;
    this.liveCount += 1;
    return slot;
  }

  release(slot: number): void {
    const id = this.ids[slot];
    if (id !== undefined) this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.live[slot] = 0;
    this.liveCount -= 1;
    this.free.push(slot);
  }

  write(slot: number, r: ListingRecord): void {
    const levels = [r.category, r.subCategory, r.option, r.subOption];
    let node: PathNode | undefined = this.root;
    for (let d = 0; d < PATH_LEVELS; d++) {
      const value = levels[d];
      const id = value === null || value === undefined ? NONE : this.pathValues.intern(value);
      this.path[slot * PATH_LEVELS + d] = id;
      // A node is a path from the top: a level after a missing one is in no node.
      node = node && id !== NONE ? this.child(node, id, d) : undefined;
      this.nodes[slot * PATH_LEVELS + d] = node ? node.id : NONE;
    }
    const [a, b, c] = r.words;
    const text = `${r.name}\u0001${a}\u0002${b}\u0003${c}`;
    this.texts[slot] = text;
    this.nameEnd[slot] = r.name.length;
    this.bStart[slot] = r.name.length + a.length + 2;
    this.cStart[slot] = r.name.length + a.length + b.length + 3;
    this.brand[slot] = this.brands.intern(r.brand);
    this.material[slot] = r.material === null ? NONE : this.materials.intern(r.material);
    this.colours.set(
      slot,
      r.colours.map((c) => this.colourValues.intern(c)),
    );
    this.sizes.set(
      slot,
      r.sizes.map((s) => this.sizeValues.intern(s)),
    );
    this.stockColours.set(
      slot,
      r.stockColours.map((c) => this.colourValues.intern(c)),
    );
    this.stockSizes.set(
      slot,
      r.stockSizes.map((s) => this.sizeValues.intern(s)),
    );
    this.rating[slot] = r.rating;
    this.numReviews[slot] = r.numReviews;
    this.price[slot] = r.pricePaise;
    this.flags[slot] = (r.featured ? FEATURED : 0) | (r.inStock ? IN_STOCK : 0) | (r.onSale ? ON_SALE : 0);
    this.created[slot] = r.createdMicros;
    this.sizeRank[slot] = r.sizeRank;
  }

  /** The node a path of lower-cased levels names (the whole shop for none), or NONE if no product was ever there. */
  nodeOf(path: readonly string[]): number {
    let node: PathNode | undefined = this.root;
    for (const level of path) {
      node = node.children.get(this.pathValues.find(level));
      if (!node) return NONE;
    }
    return node.id;
  }

  private child(parent: PathNode, value: number, level: number): PathNode {
    let node = parent.children.get(value);
    if (!node) {
      node = { id: this.nodeCount++, children: new Map() };
      parent.children.set(value, node);
      if (level === 0) this.categoryNodes.push({ id: node.id, name: this.pathValues.values[value]! });
    }
    return node;
  }

  /** Whether writing `r` over the slot would leave its category path, sale price and brand as they are. */
  samePlace(slot: number, r: ListingRecord): boolean {
    const levels = [r.category, r.subCategory, r.option, r.subOption];
    for (let d = 0; d < PATH_LEVELS; d++) {
      const id = this.path[slot * PATH_LEVELS + d]!;
      if ((id === NONE ? null : this.pathValues.values[id]) !== (levels[d] ?? null)) return false;
    }
    return this.price[slot] === r.pricePaise && this.brands.values[this.brand[slot]!] === r.brand;
  }

  /** The product's lower-cased name. */
  nameOf(slot: number): string {
    return this.texts[slot]!.slice(0, this.nameEnd[slot]);
  }

  /** The node of `depth` (0 the whole shop, 1…4 the path's levels) the slot is in, or NONE. */
  nodeAt(slot: number, depth: number): number {
    return depth === 0 ? 0 : (this.nodes[slot * PATH_LEVELS + depth - 1] ?? NONE);
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Uint8Array | Float32Array | Float64Array>(
      from: T,
      make: (n: number) => T,
      width = 1,
    ): T => {
      const to = make(capacity * width);
      to.set(from);
      return to;
    };
    this.live = copy(this.live, (n) => new Uint8Array(n));
    this.path = copy(this.path, (n) => new Int32Array(n), PATH_LEVELS);
    this.nodes = copy(this.nodes, (n) => new Int32Array(n), PATH_LEVELS);
    this.brand = copy(this.brand, (n) => new Int32Array(n));
    this.material = copy(this.material, (n) => new Int32Array(n));
    this.rating = copy(this.rating, (n) => new Float32Array(n));
    this.numReviews = copy(this.numReviews, (n) => new Int32Array(n));
    this.price = copy(this.price, (n) => new Int32Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.sizeRank = copy(this.sizeRank, (n) => new Int32Array(n));
    this.nameEnd = copy(this.nameEnd, (n) => new Int32Array(n));
    this.bStart = copy(this.bStart, (n) => new Int32Array(n));
    this.cStart = copy(this.cStart, (n) => new Int32Array(n));
    this.colours.reserve(capacity);
    this.sizes.reserve(capacity);
    this.stockColours.reserve(capacity);
    this.stockSizes.reserve(capacity);
    this.capacity = capacity;
  }
}
