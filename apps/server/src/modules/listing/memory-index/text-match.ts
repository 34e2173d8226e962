import { searchWords } from '../search-words';
import type { CategoryNodes } from './category-nodes';
import type { ListingStore } from './listing-store';
import type { NameTrigrams } from './name-trigrams';

/** A search's relevance as one number: a name match above none, then the weighted score (see scoreOf). */
export const NAME_MATCH = 256;
/** Score points per query word by where it starts a word of the product: name, category path, brand/material/tags. */
const WEIGHT_POINTS = [5, 2, 1] as const;
/** Points per unit of the score cursors carry (a name word scores 1, as PostgreSQL's weight A). */
export const SCORE_SCALE = 5;
/** Query words that count towards the score; the rest still have to match as a substring. */
const MAX_WORDS = 40;

/**
 * The search's weighted score in points: for each word of the term, the
 * heaviest place a word of the product's document starts with it (its name
 * 5, category path 2, brand, material or tags 1; PostgreSQL's default
 * weights A, B, C times five), summed. At most 40 words × 5 points, so it
 * fits below `NAME_MATCH`. The document's parts follow the name in the
 * product's text, heaviest first, so a word's first place there is its
 * heaviest.
 */
function scoreOf(store: ListingStore, slot: number, queryWords: readonly string[]): number {
  const text = store.texts[slot]!;
  const from = store.nameEnd[slot]!;
  const b = store.bStart[slot]!;
  const c = store.cStart[slot]!;
  let points = 0;
  for (const w of queryWords) {
    const at = text.indexOf(w, from);
    if (at !== -1) points += at < b ? WEIGHT_POINTS[0] : at < c ? WEIGHT_POINTS[1] : WEIGHT_POINTS[2];
  }
  return points;
}

/** Where a search's matches go: slots in `out`, their relevance by slot (when wanted), `stamp`/`mark` to take each once. */
export interface MatchScratch {
  stamp: Uint32Array;
  mark: number;
  relevance: Float64Array;
  out: Int32Array;
}

/**
 * The products a search term matches — a substring of the name or of the
 * category, as the spec asks (both lower-cased) — into `out`; with `rank`,
 * each one's relevance too (NAME_MATCH when the name holds the term, plus
 * its score), which only the relevance order needs. Returns how many.
 */
export function matchTerm(
  store: ListingStore,
  nodes: CategoryNodes,
  trigrams: NameTrigrams,
  term: string,
  rank: boolean,
  scratch: MatchScratch,
): number {
  const { stamp, mark, relevance, out } = scratch;
  // Each word as the start of a lexeme: a space precedes every lexeme in the document's parts.
  const queryWords = searchWords(term)
    .slice(0, MAX_WORDS)
    .map((w) => ` ${w}`);
  const { texts, nameEnd, live } = store;
  const length = term.length;
  let n = 0;
  const take = (slot: number, nameMatch: boolean) => {
    stamp[slot] = mark;
    if (rank) relevance[slot] = (nameMatch ? NAME_MATCH : 0) + scoreOf(store, slot, queryWords);
    out[n++] = slot;
  };
  const tryName = (slot: number) => {
    if (stamp[slot] === mark || !live[slot]) return;
    // The first place the text holds the term: the name holds it only if that is within the name.
    const at = texts[slot]!.indexOf(term);
    if (at !== -1 && at + length <= nameEnd[slot]!) take(slot, true);
  };
  const candidates = trigrams.candidates(term);
  if (candidates) {
    for (const slot of candidates.frozen) tryName(slot);
    for (const slot of candidates.added) tryName(slot);
  } else {
    for (let slot = 0; slot < store.slots; slot++) tryName(slot);
  }
  // Categories: few, each checked once; their products join unless their name matched already.
  for (const category of store.categoryNodes) {
    const node = nodes.get(category.id);
    if (!node?.length || !category.name.includes(term)) continue;
    for (let i = 0; i < node.length; i++) {
      const slot = node.members[i]!;
      if (stamp[slot] !== mark) take(slot, false);
    }
  }
  return n;
}
