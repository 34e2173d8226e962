-- Stock per variant (decisions 208-210). Every product has variants: its colours x sizes, or one default
-- variant when it has neither. Each variant keeps its own stock; every change of it is a row in the
-- inventory ledger, and the database checks at commit that a variant's stock equals its ledger's sum.
-- products.count_in_stock stays as a figure derived from the active variants (a trigger keeps it).
CREATE TYPE "inventory_reason" AS ENUM('sale', 'cancellation', 'expiry', 'return', 'adjustment', 'import', 'migration');--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"sku" text NOT NULL,
	"colour" text,
	"size" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"price_paise" integer,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_not_negative" CHECK ("product_variants"."price_paise" is null or "product_variants"."price_paise" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_uq" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_options_uq" ON "product_variants" USING btree ("product_id",coalesce("colour", ''),coalesce("size", ''));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE TABLE "inventory_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"variant_id" uuid NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
	"change" integer NOT NULL,
	"reason" "inventory_reason" NOT NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE set null,
	"resulting_stock" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_ledger_change_not_zero" CHECK ("inventory_ledger"."change" <> 0),
	CONSTRAINT "inventory_ledger_resulting_not_negative" CHECK ("inventory_ledger"."resulting_stock" >= 0)
);--> statement-breakpoint
CREATE INDEX "inventory_ledger_variant_idx" ON "inventory_ledger" USING btree ("variant_id","id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_order_idx" ON "inventory_ledger" USING btree ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- The ledger is history: a row is never changed (a variant's deletion takes its rows with it; a
-- deleted order or user leaves its rows without the reference).
CREATE FUNCTION "inventory_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.variant_id, NEW.change, NEW.reason, NEW.resulting_stock, NEW.created_at)
       = (OLD.variant_id, OLD.change, OLD.reason, OLD.resulting_stock, OLD.created_at)
     AND (NEW.order_id IS NULL OR NEW.order_id = OLD.order_id)
     AND (NEW.actor_id IS NULL OR NEW.actor_id = OLD.actor_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'inventory ledger rows are never changed' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "inventory_ledger_append_only" BEFORE UPDATE ON "inventory_ledger" FOR EACH ROW EXECUTE FUNCTION "inventory_ledger_append_only"();--> statement-breakpoint
-- The one way stock moves: the variant's stock and its ledger row in one statement. Refused (null)
-- when the stock would go below zero. `p_for_sale` also refuses a switched-off variant or archived product.
CREATE FUNCTION "inventory_move"(p_variant uuid, p_change integer, p_reason "inventory_reason", p_order uuid, p_actor uuid, p_for_sale boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF p_change = 0 THEN
    SELECT stock INTO left_over FROM product_variants WHERE id = p_variant;
    RETURN left_over;
  END IF;
  UPDATE product_variants v SET stock = v.stock + p_change
    FROM products p
    WHERE v.id = p_variant AND p.id = v.product_id AND v.stock + p_change >= 0
      AND (NOT p_for_sale OR (v.active AND p.archived_at IS NULL))
    RETURNING v.stock INTO left_over;
  IF left_over IS NULL THEN RETURN NULL; END IF;
  INSERT INTO inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock)
    VALUES (p_variant, p_change, p_reason, p_order, p_actor, left_over);
  RETURN left_over;
END $$;--> statement-breakpoint
-- A variant's SKU: the product's SKU (or BZ- and its id) with its colour and size, unique across the shop.
CREATE FUNCTION "catalogue_variant_sku"(p_product uuid, p_sku text, p_colour text, p_size text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(nullif(trim(p_sku), ''), 'BZ-' || upper(substr(replace(p_product::text, '-', ''), 1, 10)));
  candidate text;
  n integer := 1;
BEGIN
  IF p_colour IS NOT NULL THEN
    base := base || '-' || upper(trim(both '-' from regexp_replace(p_colour, '[^A-Za-z0-9]+', '-', 'g')));
  END IF;
  IF p_size IS NOT NULL THEN
    base := base || '-' || upper(trim(both '-' from regexp_replace(p_size, '[^A-Za-z0-9]+', '-', 'g')));
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM product_variants WHERE sku = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
-- A product's combinations in order (colours, then sizes; a value listed twice counts once; null
-- for an option the product does not have), numbered from 0.
CREATE FUNCTION "catalogue_variant_combos"(p_colours text[], p_sizes text[]) RETURNS TABLE(colour text, size text, pos integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT c.colour, s.size, (row_number() OVER (ORDER BY c.ci, s.si))::int - 1
  FROM (SELECT u.colour, min(u.ci) AS ci
        FROM unnest(coalesce(nullif(p_colours, '{}'::text[]), ARRAY[NULL]::text[])) WITH ORDINALITY AS u(colour, ci)
        GROUP BY u.colour) c
  CROSS JOIN (SELECT u.size, min(u.si) AS si
        FROM unnest(coalesce(nullif(p_sizes, '{}'::text[]), ARRAY[NULL]::text[])) WITH ORDINALITY AS u(size, si)
        GROUP BY u.size) s
$$;--> statement-breakpoint
-- Gives a product the variants its colours x sizes name (one default variant when it has neither),
-- switches off those it no longer names, then brings the active variants' stock to `target`: units
-- added are split evenly (the remainder on the first variants), units removed are taken from the
-- fullest variants first. Each change is a ledger row with `p_reason`.
CREATE FUNCTION "catalogue_sync_variants"(p_product uuid, p_target integer, p_reason "inventory_reason", p_options boolean) RETURNS void LANGUAGE plpgsql AS $$
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
  -- A new product: its variants are written at once with their share of the stock, so the sum is
  -- right after the one statement and the product's row is not written again while it is inserted.
  IF NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = p_product) THEN
    WITH combos AS (
      SELECT *, catalogue_variant_sku(p_product, prod.sku, colour, size) AS base
      FROM catalogue_variant_combos(prod.colours, prod.sizes)
    ), shares AS (
      SELECT colour, size, pos, p_target / count(*) OVER () + CASE WHEN pos < p_target % count(*) OVER () THEN 1 ELSE 0 END AS share,
        -- "Red" and "red " make the same SKU: the later ones get their place after it.
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
      UPDATE product_variants SET active = true, position = combo.pos
        WHERE product_id = p_product AND colour IS NOT DISTINCT FROM combo.colour AND size IS NOT DISTINCT FROM combo.size
          AND (NOT active OR position <> combo.pos);
      IF NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = p_product
                     AND colour IS NOT DISTINCT FROM combo.colour AND size IS NOT DISTINCT FROM combo.size) THEN
        INSERT INTO product_variants (product_id, sku, colour, size, position)
          VALUES (p_product, catalogue_variant_sku(p_product, prod.sku, combo.colour, combo.size), combo.colour, combo.size, combo.pos);
      END IF;
    END LOOP;
    -- A colour or size no longer offered: its variants are switched off, their stock kept on them.
    UPDATE product_variants pv SET active = false
      WHERE pv.product_id = p_product AND pv.active
        AND NOT ((pv.colour IS NULL AND prod.colours = '{}'::text[]) OR pv.colour = ANY (prod.colours))
         OR pv.product_id = p_product AND pv.active
        AND NOT ((pv.size IS NULL AND prod.sizes = '{}'::text[]) OR pv.size = ANY (prod.sizes));
  END IF;
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
END $$;--> statement-breakpoint
-- Every existing product gets its variants; its single stock figure goes onto them split evenly,
-- the remainder on the first variants (decision 209), each with a 'migration' ledger row.
SELECT catalogue_sync_variants(id, count_in_stock, 'migration', true) FROM products ORDER BY id;--> statement-breakpoint
-- products.count_in_stock is the sum over the active variants, kept after every statement that
-- changes variants. Listings, related products and the spec's countInStock/inStock read it as before.
CREATE FUNCTION "catalogue_variant_stock_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET count_in_stock = s.total
    FROM (SELECT v.product_id, (coalesce(sum(v.stock) FILTER (WHERE v.active), 0))::int AS total
          FROM product_variants v WHERE v.product_id IN (SELECT DISTINCT product_id FROM changed_rows)
          GROUP BY v.product_id) s
    WHERE p.id = s.product_id AND p.count_in_stock <> s.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_sum_on_insert" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variant_stock_sum"();--> statement-breakpoint
CREATE TRIGGER "product_variants_sum_on_update" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variant_stock_sum"();--> statement-breakpoint
CREATE TRIGGER "product_variants_sum_on_delete" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variant_stock_sum"();--> statement-breakpoint
-- A write to a product itself (the admin's form, the seed, an older client) keeps its variants in
-- step: new colours or sizes make variants, and a count_in_stock it sets is spread over them as an
-- 'adjustment'. Writes made by the trigger above (depth > 1) are its own result and left alone.
CREATE FUNCTION "catalogue_product_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF NEW.colours IS DISTINCT FROM OLD.colours OR NEW.sizes IS DISTINCT FROM OLD.sizes THEN
    PERFORM catalogue_sync_variants(NEW.id, NEW.count_in_stock, 'adjustment', true);
  ELSIF NEW.count_in_stock <> OLD.count_in_stock THEN
    PERFORM catalogue_sync_variants(NEW.id, NEW.count_in_stock, 'adjustment', false);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_variants_in_step" AFTER UPDATE OF "count_in_stock", "colours", "sizes" ON "products" FOR EACH ROW EXECUTE FUNCTION "catalogue_product_variants"();--> statement-breakpoint
-- New products, however many one statement inserts: their variants (with their share of the stock,
-- decision 209) and ledger rows in two statements, so bulk inserts stay bulk. The shares add up to each
-- product's figure, so the product rows are not written again while they are inserted.
CREATE FUNCTION "catalogue_products_variants_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('bazaar.actor_id', true), '')::uuid;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  WITH combos AS (
    SELECT n.id AS product_id, n.count_in_stock AS target, c.colour, c.size, c.pos,
           count(*) OVER (PARTITION BY n.id) AS k,
           coalesce(nullif(trim(n.sku), ''), 'BZ-' || upper(substr(replace(n.id::text, '-', ''), 1, 10)))
             || coalesce('-' || upper(trim(both '-' from regexp_replace(c.colour, '[^A-Za-z0-9]+', '-', 'g'))), '')
             || coalesce('-' || upper(trim(both '-' from regexp_replace(c.size, '[^A-Za-z0-9]+', '-', 'g'))), '') AS base
    FROM new_rows n CROSS JOIN LATERAL catalogue_variant_combos(n.colours, n.sizes) c
  ), shares AS (
    SELECT product_id, colour, size, pos,
      target / k + CASE WHEN pos < target % k THEN 1 ELSE 0 END AS share,
      -- A SKU already taken (or twice in this statement, "Red" and "red "): made unique by the product and place.
      CASE WHEN row_number() OVER (PARTITION BY base ORDER BY product_id, pos) > 1
             OR EXISTS (SELECT 1 FROM product_variants v WHERE v.sku = base)
           THEN base || '-' || upper(substr(replace(product_id::text, '-', ''), 1, 6)) || '-' || (pos + 1)
           ELSE base END AS sku
    FROM combos
  ), made AS (
    INSERT INTO product_variants (product_id, sku, colour, size, position, stock)
      SELECT product_id, sku, colour, size, pos, share FROM shares
      RETURNING id, stock
  )
  INSERT INTO inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock)
    SELECT id, stock, 'adjustment', NULL, actor, stock FROM made WHERE stock > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_variants_on_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_variants_on_insert"();--> statement-breakpoint
-- The last line of defence: at commit, every variant written has the stock its ledger adds up to.
CREATE FUNCTION "inventory_stock_is_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vid uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  stock_now integer;
  total integer;
BEGIN
  SELECT stock INTO stock_now FROM product_variants WHERE id = vid;
  IF stock_now IS NULL THEN RETURN NULL; END IF;
  SELECT coalesce(sum(change), 0)::int INTO total FROM inventory_ledger WHERE variant_id = vid;
  IF stock_now <> total THEN
    RAISE EXCEPTION 'variant % has stock % but its ledger adds up to %', vid, stock_now, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'inventory_stock_is_ledger';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_stock_is_ledger" AFTER INSERT OR UPDATE OF "stock" ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inventory_stock_is_ledger"('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inventory_ledger_matches_stock" AFTER INSERT ON "inventory_ledger" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inventory_stock_is_ledger"('variant_id');--> statement-breakpoint
-- The variant a line of (product, colour, size) means: the one with that colour and size, where ''
-- ("none chosen") matches any and a variant without that option (a product with no colours) matches
-- every choice; among several, an active one in stock first, then by position.
CREATE FUNCTION "catalogue_line_variant"(p_product uuid, p_colour text, p_size text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT id FROM product_variants
  WHERE product_id = p_product
    AND (coalesce(p_colour, '') = '' OR colour = p_colour OR colour IS NULL)
    AND (coalesce(p_size, '') = '' OR size = p_size OR size IS NULL)
  ORDER BY active DESC, (stock > 0) DESC, position, id
  LIMIT 1
$$;--> statement-breakpoint
-- Cart lines, order lines and unpaid holds name their variant.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE cascade;--> statement-breakpoint
UPDATE "cart_items" SET "variant_id" = catalogue_line_variant("product_id", "colour", "size");--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_items" oi SET "variant_id" = catalogue_line_variant(oi."product_id", oi."colour", oi."size") WHERE oi."product_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" oi SET "sku" = v."sku" FROM "product_variants" v WHERE v."id" = oi."variant_id";--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE cascade;--> statement-breakpoint
UPDATE "unpaid_holds" h SET "variant_id" = (SELECT oi."variant_id" FROM "order_items" oi WHERE oi."order_id" = h."order_id" AND oi."product_id" = h."product_id" AND oi."variant_id" IS NOT NULL ORDER BY oi."variant_id" LIMIT 1) WHERE h."product_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "unpaid_holds_variant_idx" ON "unpaid_holds" USING btree ("variant_id","expires_at");--> statement-breakpoint
-- A line written without its variant (older code, fixtures) gets the one its colour and size name.
CREATE FUNCTION "line_variant_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL AND NEW.product_id IS NOT NULL THEN
    NEW.variant_id := catalogue_line_variant(NEW.product_id, NEW.colour, NEW.size);
  END IF;
  IF TG_TABLE_NAME = 'order_items' THEN
    IF NEW.sku IS NULL AND NEW.variant_id IS NOT NULL THEN
      NEW.sku := (SELECT sku FROM product_variants WHERE id = NEW.variant_id);
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "cart_items_variant_fill" BEFORE INSERT ON "cart_items" FOR EACH ROW EXECUTE FUNCTION "line_variant_fill"();--> statement-breakpoint
CREATE TRIGGER "order_items_variant_fill" BEFORE INSERT ON "order_items" FOR EACH ROW EXECUTE FUNCTION "line_variant_fill"();
