import type { SqlRunner } from './sql-runner';

// A product page's read: the product and its related products, as the JSON a trigger keeps
// (products.shopper_json), in one statement SqlRunner prepares once per connection.

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

/** A product shown to shoppers, then up to `limit` others of its category, in stock first, then best rated. */
export function findProductWithRelated(
  sql: SqlRunner,
  id: string,
  limit: number,
): Promise<(ProductJson & { related: boolean })[]> {
  // The products are found first, then their kept JSON read once.
  return sql.rows(
    `select p.id, ${PRODUCT_JSON}, x.related from (
       (select id, false as related from products where id = $1 and archived_at is null)
       union all
       (select r.id, true from products r
        where r.category = (select category from products where id = $1) and r.id <> $1 and r.archived_at is null
        order by (r.count_in_stock > 0) desc, r.rating desc, r.id desc limit ${pageSize(limit)})
     ) x join products p on p.id = x.id
     order by x.related, (p.count_in_stock > 0) desc, p.rating desc, p.id desc`,
    [id],
    'generic',
  );
}

/** A variant on sale, as the product page's picker needs it. */
export interface VariantRow {
  id: string;
  sku: string;
  colour: string | null;
  size: string | null;
  price_paise: number;
  discount: number;
  stock: number;
  image: string | null;
}

/** The product's active variants in their order, with the price each sells at. */
export function findVariants(sql: SqlRunner, productId: string): Promise<VariantRow[]> {
  return sql.rows(
    `select v.id, v.sku, v.colour, v.size, coalesce(v.price_paise, p.price_paise) as price_paise,
            p.discount, v.stock, v.image
     from product_variants v join products p on p.id = v.product_id
     where v.product_id = $1 and v.active order by v.position, v.id`,
    [productId],
    'generic',
  );
}
