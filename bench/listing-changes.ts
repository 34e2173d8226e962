/**
 * How long the in-memory listing holds the event loop: loads N products (synthetic rows, no
 * database), then applies bulk changes of several sizes, and reports each step's total time and
 * the longest the event loop went without a turn meanwhile (a setImmediate ticker's widest gap).
 *
 *   npm run bench:listing-changes -- [--products=100000] [--changes=500,2000,5000,20000]
 *   (node --expose-gc --import tsx bench/listing-changes.ts: the memory figure after a full collection)
 */

import type { ListingRecord } from '../apps/server/src/modules/listing/memory-index/listing-feed.repo';
import { ListingMemory } from '../apps/server/src/modules/listing/memory-index/listing-memory';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PRODUCTS = Number(arg('products', '100000'));
const CHANGES = arg('changes', '500,2000,5000,20000').split(',').map(Number);

const CATEGORIES = ['fashion', 'electronics', 'home & kitchen', 'sports', 'books', 'beauty', 'toys'];
const WORDS = ['wireless', 'cotton', 'lamp', 'shirt', 'steel', 'smart', 'classic', 'travel', 'mini', 'pro'];

function record(i: number): ListingRecord {
  const word = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length]!;
  const name = `${word(1)} ${word(2)} ${word(3)} ${i}`;
  return {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    category: CATEGORIES[i % CATEGORIES.length]!,
    subCategory: `sub ${i % 5}`,
    option: i % 3 ? `option ${i % 4}` : null,
    subOption: null,
    name,
    brand: `brand ${i % 40}`,
    material: i % 4 ? `material ${i % 6}` : null,
    colours: [`colour ${i % 9}`],
    sizes: i % 2 ? ['S', 'M'] : [],
    stockColours: i % 11 ? [`colour ${i % 9}`] : [],
    stockSizes: i % 2 && i % 11 ? ['S'] : [],
    rating: Math.fround((i % 50) / 10),
    numReviews: i % 300,
    pricePaise: 1_000 + ((i * 7919) % 2_000_000),
    featured: i % 17 === 0,
    inStock: i % 11 !== 0,
    onSale: i % 3 === 0,
    createdMicros: 1_700_000_000_000_000 + i * 1_000_000,
    sizeRank: i % 2 ? 3 : 32767,
    words: [` ${name}`, ` ${CATEGORIES[i % CATEGORIES.length]}`, ` brand ${i % 40}`],
  };
}

/** Runs `work` while a setImmediate ticker records the longest gap between its turns. */
async function timed(work: () => Promise<void>): Promise<{ ms: number; longestBlockMs: number }> {
  let longest = 0;
  let last = performance.now();
  let ticking = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  ticking = false;
  longest = Math.max(longest, performance.now() - last);
  return { ms, longestBlockMs: longest };
}

const records = Array.from({ length: PRODUCTS }, (_, i) => record(i));
const memory = new ListingMemory();
/** Live heap and typed arrays (MB), after a full collection when node runs with --expose-gc. */
const live = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
};
const before = live();
const load = await timed(() => memory.load(records));
const held = live() - before;
console.log(`| step | total ms | longest block ms |`);
console.log(`|---|---:|---:|`);
console.log(`| load ${PRODUCTS} products | ${load.ms.toFixed(0)} | ${load.longestBlockMs.toFixed(0)} |`);
for (const n of CHANGES) {
  const changed = new Map<string, ListingRecord>();
  for (let k = 0; k < n; k++) {
    const r = records[(k * 7919) % PRODUCTS]!;
    changed.set(r.id, { ...r, pricePaise: r.pricePaise + 100, rating: Math.fround((r.rating + 1) % 5) });
  }
  const step = await timed(() => memory.apply(changed));
  console.log(`| apply ${n} changes | ${step.ms.toFixed(0)} | ${step.longestBlockMs.toFixed(0)} |`);
}
console.log(
  `\nthe loaded index holds ${held.toFixed(0)} MB live (heap + typed arrays${
    'gc' in globalThis ? ', after a full collection' : '; run with --expose-gc for an exact figure'
  })`,
);
