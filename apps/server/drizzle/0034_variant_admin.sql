-- The admin's variant matrix and stock screen (issue 23, decisions 187-189): a low-stock threshold per
-- shop and, optionally, per variant; a note on a manual ledger row; and variant writes that leave the
-- product's own colours, sizes and stock figure to follow the variants instead of re-spreading them.
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_not_negative" CHECK ("low_stock_threshold" is null or "low_stock_threshold" >= 0);--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock");--> statement-breakpoint
CREATE TABLE "inventory_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "inventory_settings_low_stock_not_negative" CHECK ("low_stock_threshold" >= 0)
);--> statement-breakpoint
INSERT INTO "inventory_settings" ("id") VALUES (1);--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_note_length" CHECK ("note" is null or length("note") <= 200);--> statement-breakpoint
-- The ledger stays history: the note is part of the row that is never changed.
CREATE OR REPLACE FUNCTION "inventory_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.variant_id, NEW.change, NEW.reason, NEW.resulting_stock, NEW.created_at)
       = (OLD.variant_id, OLD.change, OLD.reason, OLD.resulting_stock, OLD.created_at)
     AND NEW.note IS NOT DISTINCT FROM OLD.note
     AND (NEW.order_id IS NULL OR NEW.order_id = OLD.order_id)
     AND (NEW.actor_id IS NULL OR NEW.actor_id = OLD.actor_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'inventory ledger rows are never changed' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
-- As before, and the row keeps the reason the admin gave (`bazaar.stock_note`, set for the transaction).
CREATE OR REPLACE FUNCTION "inventory_move"(p_variant uuid, p_change integer, p_reason "inventory_reason", p_order uuid, p_actor uuid, p_for_sale boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
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
  INSERT INTO inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock, note)
    VALUES (p_variant, p_change, p_reason, p_order, p_actor, left_over,
            nullif(current_setting('bazaar.stock_note', true), ''));
  RETURN left_over;
END $$;--> statement-breakpoint
-- A write to a product keeps its variants in step, except inside the admin's variant writes
-- (`bazaar.variants_own = on`): there the variants were written first and the product follows them.
CREATE OR REPLACE FUNCTION "catalogue_product_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF current_setting('bazaar.variants_own', true) = 'on' THEN RETURN NULL; END IF;
  IF NEW.colours IS DISTINCT FROM OLD.colours OR NEW.sizes IS DISTINCT FROM OLD.sizes THEN
    PERFORM catalogue_sync_variants(NEW.id, NEW.count_in_stock, 'adjustment', true);
  ELSIF NEW.count_in_stock <> OLD.count_in_stock THEN
    PERFORM catalogue_sync_variants(NEW.id, NEW.count_in_stock, 'adjustment', false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- products.count_in_stock as before, but inside the admin's variant writes it is brought up to date
-- once at the end of the write (by the write itself), not after each of its hundreds of stock moves.
CREATE OR REPLACE FUNCTION "catalogue_variant_stock_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bazaar.variants_own', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE products p SET count_in_stock = s.total
    FROM (SELECT v.product_id, (coalesce(sum(v.stock) FILTER (WHERE v.active), 0))::int AS total
          FROM product_variants v WHERE v.product_id IN (SELECT DISTINCT product_id FROM changed_rows)
          GROUP BY v.product_id) s
    WHERE p.id = s.product_id AND p.count_in_stock <> s.total;
  RETURN NULL;
END $$;
