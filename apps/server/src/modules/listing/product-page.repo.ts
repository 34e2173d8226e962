import type { SqlRunner } from './sql-runner';

// A product page's read: the product, its variants and its related products, as the JSON triggers keep
// (products.shopper_json, product_variants_json), in one statement SqlRunner prepares once per connection.

/** The product as shoppers see it, kept by a trigger on every write (products.shopper_json). */
const PRODUCT_JSON = 'p.shopper_json as json';

/** A product as its reply shows it: JSON text, spliced into the reply unparsed. */
export interface ProductJson {
  id: string;
  json: string;
}

/** A page size written into the text, so a prepared statement's plan knows it (checked: it is spliced). */
function pageSize(limit: number): string {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new Error(`page size out of range: ${limit}`);
  return String(limit);
}

/** The product page's product, with its variants as the reply shows them (product_variants_json, 0043). */
export interface ProductPageRow extends ProductJson {
  related: boolean;
  /** ProductVariant[] as JSON text; null on related products. */
  variants: string | null;
}

/** A product shown to shoppers, then up to `limit` others of its category, in stock first, then best rated. */
export function findProductWithRelated(sql: SqlRunner, id: string, limit: number): Promise<ProductPageRow[]> {
  // Each part reads its rows' kept JSON where it finds them: those rows are in the heap pages its index
  // scan visits anyway, so joining back to products for it would only look each one up again.
  return sql.rows(
    `select x.id, x.json, x.related, x.variants from (
       (select id, ${PRODUCT_JSON}, false as related, count_in_stock > 0 as in_stock, rating,
               coalesce((select json from product_variants_json where product_id = $1), '[]') as variants
        from products p where id = $1 and archived_at is null)
       union all
       (select id, ${PRODUCT_JSON}, true, count_in_stock > 0, rating, null from products p
        where category = (select category from products where id = $1) and id <> $1 and archived_at is null
        order by (count_in_stock > 0) desc, rating desc, id desc limit ${pageSize(limit)})
     ) x
     order by x.related, x.in_stock desc, x.rating desc, x.id desc`,
    [id],
    'generic',
  );
}
