import {
  all,
  baseConditions,
  COUNTED,
  type FacetRow,
  facetConditions,
  inPageOrder,
  type ListingOrder,
  narrowedCounts,
  type PagePosition,
  type PageRow,
  pageSql,
  ratingCounts,
  union,
  valueCounts,
} from './listing.repo';
import { categoryNode, FACET_KEYS, type FacetKey, type ProductFilters } from './product-filters';
import { Params, type SqlRunner } from './sql-runner';

// A browsed listing's total and facet counts. Where the rows a count covers are a whole category
// node, the counts kept in catalogue_facet_counts are read; where they are a node within a price
// range, the kept counts of the price bands wholly inside the range (catalogue_facet_band_counts)
// are summed and only the rows of the two edge bands are counted; anything else counts rows.

/** The counts a price band keeps, named as catalogue_facet_keys names them. */
type Kept = 'total' | Counted | 'rating';
type Counted = (typeof COUNTED)[number];

/** The slider's bounds over the listing rows passing `where`; min and max each read from a price index when they can. */
function priceBounds(where: string): string {
  return `select 'price-min', null, (select min(sale_price_paise) from catalogue_listing l where ${where})
    union all select 'price-max', null, (select max(sale_price_paise) from catalogue_listing l where ${where})`;
}

/**
 * Counts of `wanted` over a category node's products priced in [lo, hi] and
 * passing `where` (the node's path and that range, nothing else): the kept
 * counts of the bands strictly between lo's and hi's, plus the rows of those
 * two bands inside the range, read as two index ranges on the price.
 */
function bandedCounts(wanted: readonly Kept[], node: string, lo: string, hi: string, where: string): string {
  const first = `catalogue_price_band_start(catalogue_price_band(${lo}) + 1)`;
  const last = `greatest(catalogue_price_band_start(catalogue_price_band(${hi})), ${first})`;
  // Only the columns counted, so brands alone come from an index; gathered once for several facets.
  const columns = wanted.flatMap((k) => (k === 'total' ? [] : [EDGE_COLUMN[k]])).join(', ') || 'true';
  const counted: string[] = [
    `select facet, value, n from catalogue_facet_band_counts
      where node = ${node}::text[] and facet = any('{${wanted.join(',')}}'::text[])
        and band > catalogue_price_band(${lo}) and band < catalogue_price_band(${hi})`,
  ];
  for (const k of wanted) {
    if (k === 'total') counted.push(`select 'total', '', count(*)::int from edges`);
    else if (k === 'rating')
      counted.push(`select 'rating', r::text, count(*)::int from edges
        cross join lateral generate_series(1, 5) r where rating >= r group by r`);
    else counted.push(valueCounts(k, 'edges', 'true'));
  }
  return `with edges as ${wanted.length > 1 ? '' : 'not '}materialized (
      select ${columns} from catalogue_listing l where ${where} and l.sale_price_paise < ${first}
      union all select ${columns} from catalogue_listing l where ${where} and l.sale_price_paise >= ${last}
    ) select facet, value, sum(n)::int from (${union(counted)}) b(facet, value, n)
    group by facet, value having sum(n) > 0`;
}

const EDGE_COLUMN: Record<Exclude<Kept, 'total'>, string> = {
  brand: 'l.brand',
  material: 'l.material',
  colour: 'l.colours',
  size: 'l.sizes',
  rating: 'l.rating',
};

/**
 * The total and every facet's counts of a listing without a search term,
 * disjunctive (a facet's own selection does not narrow its counts), in one
 * statement: each count covers the rows passing every criterion but its own
 * facet's, read from kept counts where those rows are a whole category node
 * (or one within a price range), counted from rows otherwise.
 */
export function findFacetRows(sql: SqlRunner, f: ProductFilters): Promise<FacetRow[]> {
  const params = new Params();
  // Named here: a union takes its column names from whichever part comes first.
  return sql.rows<FacetRow>(`select * from (${browsedFacets(f, params)}) f(facet, value, n)`, params.values);
}

function browsedFacets(f: ProductFilters, params: Params): string {
  const base = baseConditions(f, params);
  const facets = facetConditions(f, params);
  const active = FACET_KEYS.filter((k) => facets[k]);
  const others = (except?: FacetKey) => active.filter((k) => k !== except);
  const passing = (except?: FacetKey) => all([...base, ...others(except).map((k) => facets[k]!)]);
  // Kept counts cover the category path alone (no flags).
  const node = f.inStock || f.onSale || f.featured ? undefined : categoryNode(f);
  let nodeParam: string | undefined;
  const nodeRef = () => {
    nodeParam ??= `${params.add(node)}`;
    return nodeParam;
  };
  const kept = (facet?: string) =>
    `select facet, value, n from catalogue_facet_counts
      where node = ${nodeRef()}::text[] ${facet ? `and facet = '${facet}'` : ''} and n > 0`;

  if (node && !active.length) return union([kept(), priceBounds(passing())]);

  // Counts over exactly the node and the price range: from its bands.
  const inRange = (except?: FacetKey) => {
    const rest = others(except);
    return node !== undefined && rest.length === 1 && rest[0] === 'price';
  };
  const banded: Kept[] = [];
  const narrowed: (Counted | 'rating')[] = [];
  const parts: string[] = [];
  const bandedTotal = inRange();
  if (bandedTotal) banded.push('total');
  for (const k of [...COUNTED, 'rating'] as const) {
    if (!facets[k]) (bandedTotal ? banded : narrowed).push(k);
    else if (node && !others(k).length) parts.push(kept(k));
    else if (inRange(k)) banded.push(k);
    else if (k === 'rating') parts.push(ratingCounts('catalogue_listing l', passing(k)));
    else parts.push(valueCounts(k, 'catalogue_listing l', passing(k)));
  }
  if (banded.length) {
    const range = {
      lo: `${f.minPricePaise === undefined ? '(-2147483648)' : params.add(f.minPricePaise)}::int`,
      hi: `${f.maxPricePaise === undefined ? '2147483647' : params.add(f.maxPricePaise)}::int`,
    };
    parts.push(bandedCounts(banded, nodeRef(), range.lo, range.hi, all([...base, facets.price!])));
  }
  if (!bandedTotal) parts.push(`select * from (${narrowedCounts(passing(), narrowed, !facets.price)}) n`);
  if (facets.price) parts.push(priceBounds(passing('price')));
  return union(parts);
}

/**
 * A page (as findListingPage) and the listing's total and facet counts (as
 * findFacetRows), in one statement: one round trip instead of two, which on
 * the server's one thread costs about as much as either statement's rows.
 */
export async function findListingPageAndFacets(
  sql: SqlRunner,
  f: ProductFilters,
  order: ListingOrder,
  limit: number,
  at: PagePosition,
): Promise<{ rows: PageRow[]; facets: FacetRow[] }> {
  const params = new Params();
  const page = pageSql(f, order, limit, at, params);
  const facets = browsedFacets(f, params);
  const rows = await sql.rows<{
    json: string | null;
    key: string[] | null;
    facet: string | null;
    value: string | null;
    n: number;
  }>(
    `select pg.json, pg.key, null::text as facet, null::text as value, pg.n from (${page}) pg
     union all select null, null, f.facet, f.value, f.n from (${facets}) f(facet, value, n)`,
    params.values,
    'generic',
  );
  const hits: (PageRow & { n: number })[] = [];
  const counts: FacetRow[] = [];
  for (const r of rows) {
    if (r.json !== null) hits.push({ json: r.json, key: r.key ?? [], n: r.n });
    else counts.push({ facet: r.facet ?? '', value: r.value, n: r.n });
  }
  return { rows: inPageOrder(hits), facets: counts };
}
