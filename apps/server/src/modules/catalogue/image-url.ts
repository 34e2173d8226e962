/** Public path prefix under which stored files are served. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Turns a stored image value into a URL: storage keys such as
 * `products/shirt.webp` become `/uploads/products/shirt.webp`; absolute URLs
 * (and paths already rooted at `/`) are kept as they are.
 */
export function imageUrl(value: string): string {
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  return UPLOADS_PREFIX + value.split('/').map(encodeURIComponent).join('/');
}

/** The characters encodeURIComponent leaves as they are, and the path's slashes. */
const KEPT = `[A-Za-z0-9_.!~*''()/-]`;

/**
 * imageUrl as an SQL expression over the text expression `value` (null stays
 * null), for replies the database writes. Keys of plain characters (nearly all)
 * are only prefixed; any other character is percent-encoded byte by byte of its
 * UTF-8 form, as encodeURIComponent does (product-json.test.ts holds the two
 * equal). Written without set-returning functions whose row estimates (1,000
 * each) would make the planner think a page dear enough to JIT-compile.
 */
export function imageUrlSql(value: string): string {
  return `(case when ${value} ~* '^https?://' or left(${value}, 1) = '/' then ${value}
    when ${value} ~ '^${KEPT}*$' then '${UPLOADS_PREFIX}' || ${value}
    else '${UPLOADS_PREFIX}' || (select string_agg(case when t.c ~ '^${KEPT}$' then t.c
        else regexp_replace(upper(encode(convert_to(t.c, 'UTF8'), 'hex')), '(..)', '%\\1', 'g') end, '' order by t.o)
      from unnest(string_to_array(${value}, null)) with ordinality t(c, o)) end)`;
}
