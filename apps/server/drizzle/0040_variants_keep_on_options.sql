-- Issue 23: new colours or sizes no longer re-enable the variants the admin switched off. Existing
-- combinations keep their active flag, SKU, stock and price; only new combinations get the defaults
-- (on sale, no stock). A null `p_target` leaves the stock where it is: the admin's product form calls
-- it so (decision 222), while other writers to products (seed, older clients) keep spreading their
-- figure as before.
CREATE OR REPLACE FUNCTION "catalogue_sync_variants"(p_product uuid, p_target integer, p_reason "inventory_reason", p_options boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prod record;
  combo record;
  v record;
  actor uuid := nullif(current_setting('bazaar.actor_id', true), '')::uuid;
  diff integer;
  n integer;
  k integer := 0;
  per integer;
  take integer;
BEGIN
  SELECT id, sku, colours, sizes INTO prod FROM products WHERE id = p_product;
  IF NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = p_product) THEN
    WITH combos AS (
      SELECT *, catalogue_variant_sku(p_product, prod.sku, colour, size) AS base
      FROM catalogue_variant_combos(prod.colours, prod.sizes)
    ), shares AS (
      SELECT colour, size, pos, coalesce(p_target, 0) / count(*) OVER ()
               + CASE WHEN pos < coalesce(p_target, 0) % count(*) OVER () THEN 1 ELSE 0 END AS share,
        CASE WHEN row_number() OVER (PARTITION BY base ORDER BY pos) > 1 THEN base || '-' || (pos + 1) ELSE base END AS sku
      FROM combos
    ), made AS (
      INSERT INTO product_variants (product_id, sku, colour, size, position, stock)
        SELECT p_product, sku, colour, size, pos, share FROM shares
        RETURNING id, stock
    )
    INSERT INTO inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock)
      SELECT id, stock, p_reason, NULL, actor, stock FROM made WHERE stock > 0;
    RETURN;
  END IF;
  IF p_options THEN
    FOR combo IN SELECT * FROM catalogue_variant_combos(prod.colours, prod.sizes) LOOP
      -- An existing combination keeps its active flag (the admin may have switched it off).
      UPDATE product_variants SET position = combo.pos
        WHERE product_id = p_product AND colour IS NOT DISTINCT FROM combo.colour AND size IS NOT DISTINCT FROM combo.size
          AND position <> combo.pos;
      IF NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = p_product
                     AND colour IS NOT DISTINCT FROM combo.colour AND size IS NOT DISTINCT FROM combo.size) THEN
        INSERT INTO product_variants (product_id, sku, colour, size, position)
          VALUES (p_product, catalogue_variant_sku(p_product, prod.sku, combo.colour, combo.size), combo.colour, combo.size, combo.pos);
      END IF;
    END LOOP;
    UPDATE product_variants pv SET active = false
      WHERE pv.product_id = p_product AND pv.active
        AND NOT ((pv.colour IS NULL AND prod.colours = '{}'::text[]) OR pv.colour = ANY (prod.colours))
         OR pv.product_id = p_product AND pv.active
        AND NOT ((pv.size IS NULL AND prod.sizes = '{}'::text[]) OR pv.size = ANY (prod.sizes));
  END IF;
  IF p_target IS NULL THEN RETURN; END IF;
  SELECT p_target - coalesce(sum(stock), 0)::int, count(*)::int INTO diff, n
    FROM product_variants WHERE product_id = p_product AND active;
  IF diff > 0 AND n > 0 THEN
    FOR v IN SELECT id FROM product_variants WHERE product_id = p_product AND active ORDER BY position, id LOOP
      take := diff / n + CASE WHEN k < diff % n THEN 1 ELSE 0 END;
      k := k + 1;
      IF take > 0 THEN PERFORM inventory_move(v.id, take, p_reason, NULL, actor); END IF;
    END LOOP;
  END IF;
  WHILE diff < 0 LOOP
    SELECT count(*)::int INTO n FROM product_variants WHERE product_id = p_product AND active AND stock > 0;
    EXIT WHEN n = 0;
    per := greatest(1, (-diff) / n);
    FOR v IN SELECT id, stock FROM product_variants WHERE product_id = p_product AND active AND stock > 0
             ORDER BY stock DESC, position DESC, id LOOP
      take := least(v.stock, per, -diff);
      PERFORM inventory_move(v.id, -take, p_reason, NULL, actor);
      diff := diff + take;
      EXIT WHEN diff = 0;
    END LOOP;
  END LOOP;
END $$;
