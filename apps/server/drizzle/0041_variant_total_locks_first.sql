-- products.count_in_stock is the sum of its active variants. Two transactions that change different
-- variants of one product at once (a Small and a Medium sold together) both ran this trigger's UPDATE
-- with the snapshot taken when it began: the second waited for the first's lock on the product row and
-- then wrote a sum that missed the first's change. Locking the product rows first, in a statement of
-- their own, makes the sum's statement start after that wait, so it sees every committed change. The
-- lock is the one the UPDATE takes anyway (FOR NO KEY UPDATE): foreign-key checks on the product
-- (order lines, holds, carts) take KEY SHARE and are not blocked by it, as before.
CREATE OR REPLACE FUNCTION "catalogue_variant_stock_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bazaar.variants_own', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM 1 FROM products p
    WHERE p.id IN (SELECT DISTINCT product_id FROM changed_rows)
    ORDER BY p.id FOR NO KEY UPDATE OF p;
  UPDATE products p SET count_in_stock = s.total
    FROM (SELECT v.product_id, (coalesce(sum(v.stock) FILTER (WHERE v.active), 0))::int AS total
          FROM product_variants v WHERE v.product_id IN (SELECT DISTINCT product_id FROM changed_rows)
          GROUP BY v.product_id) s
    WHERE p.id = s.product_id AND p.count_in_stock <> s.total;
  RETURN NULL;
END $$;
