-- Listing facets by variant stock (issue 23, decision 190). catalogue_listing learns which colours and
-- sizes have an active variant in stock; the memory index reads them for "In Stock Only". A variant
-- whose stock crosses zero (or that is switched on or off) rewrites only these two columns of its
-- product's row, so the change log tells every process; a sale that leaves stock above zero writes nothing.
ALTER TABLE "catalogue_listing" ADD COLUMN "stock_colours" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_listing" ADD COLUMN "stock_sizes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "catalogue_stock_options"(p_product uuid, OUT colours text[], OUT sizes text[]) LANGUAGE sql STABLE AS $$
	SELECT coalesce(array_agg(DISTINCT v.colour ORDER BY v.colour) FILTER (WHERE v.colour IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT v.size ORDER BY v.size) FILTER (WHERE v.size IS NOT NULL), '{}')
	FROM product_variants v WHERE v.product_id = p_product AND v.active AND v.stock > 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_listing_of"(p "products") RETURNS "catalogue_listing" LANGUAGE sql STABLE AS $$
	SELECT p.id, lower(p.category), lower(p.sub_category), lower(p.option), lower(p.sub_option), lower(p.name),
		p.brand, p.material,
		ARRAY(SELECT DISTINCT c FROM unnest(p.colours) AS c WHERE c IS NOT NULL ORDER BY c),
		ARRAY(SELECT DISTINCT s FROM unnest(p.sizes) AS s WHERE s IS NOT NULL ORDER BY s),
		p.rating, p.num_reviews, p.sale_price_paise, p.is_featured,
		p.count_in_stock > 0, p.discount > 0, p.created_at,
		setweight(to_tsvector('simple', p.name), 'A')
			|| setweight(to_tsvector('simple', concat_ws(' ', p.category, p.sub_category, p.option, p.sub_option)), 'B')
			|| setweight(to_tsvector('simple', concat_ws(' ', p.brand, p.material, array_to_string(p.tags, ' '))), 'C'),
		catalogue_size_rank(p.sizes), o.colours, o.sizes
	FROM catalogue_stock_options(p.id) AS o
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_listing_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Checkout's stock decrements land here: leave at once unless a column catalogue_listing_of
	-- reads changed (this list must name every one of them; variant stock has its own trigger below).
	-- A set difference, hashed, not a join (migration 0014).
	IF NOT EXISTS (
		SELECT p.id, p.archived_at IS NULL, p.category, p.sub_category, p.option, p.sub_option, p.name,
			p.brand, p.material, p.colours, p.sizes, p.tags, p.rating, p.num_reviews, p.sale_price_paise,
			p.is_featured, p.count_in_stock > 0, p.discount > 0, p.created_at
		FROM new_rows AS p
		EXCEPT
		SELECT o.id, o.archived_at IS NULL, o.category, o.sub_category, o.option, o.sub_option, o.name,
			o.brand, o.material, o.colours, o.sizes, o.tags, o.rating, o.num_reviews, o.sale_price_paise,
			o.is_featured, o.count_in_stock > 0, o.discount > 0, o.created_at
		FROM old_rows AS o
	) THEN
		RETURN NULL;
	END IF;
	DELETE FROM catalogue_listing AS l USING new_rows AS p
	WHERE l.product_id = p.id AND p.archived_at IS NOT NULL;
	UPDATE catalogue_listing AS l SET
		category = x.category, sub_category = x.sub_category, option = x.option, sub_option = x.sub_option,
		name = x.name, brand = x.brand, material = x.material, colours = x.colours, sizes = x.sizes,
		rating = x.rating, num_reviews = x.num_reviews, sale_price_paise = x.sale_price_paise,
		is_featured = x.is_featured, in_stock = x.in_stock, on_sale = x.on_sale, created_at = x.created_at,
		document = x.document, size_rank = x.size_rank, stock_colours = x.stock_colours, stock_sizes = x.stock_sizes
	FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND l.product_id = x.product_id AND l IS DISTINCT FROM x;
	INSERT INTO catalogue_listing
	SELECT x.* FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM catalogue_listing AS l WHERE l.product_id = p.id);
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The listed products among `ids` get their in-stock colours and sizes again (rows already right are not written).
CREATE FUNCTION "catalogue_listing_restock"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE catalogue_listing AS l SET stock_colours = o.colours, stock_sizes = o.sizes
	FROM unnest(ids) AS i(id) CROSS JOIN LATERAL catalogue_stock_options(i.id) AS o
	WHERE l.product_id = i.id AND (l.stock_colours, l.stock_sizes) IS DISTINCT FROM (o.colours, o.sizes)
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_variants_listing_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_listing_restock(ARRAY(SELECT DISTINCT r.product_id FROM changed_rows AS r));
	RETURN NULL;
END $$;--> statement-breakpoint
-- Updates: only products where a variant's "sellable now" (active and stock above zero) or options
-- changed, as a hashed set difference, so a sale leaving stock above zero stops here.
CREATE FUNCTION "catalogue_variants_listing_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	ids := ARRAY(SELECT DISTINCT d.product_id FROM (
		SELECT n.id, n.product_id, n.colour, n.size, n.active AND n.stock > 0 FROM new_rows AS n
		EXCEPT
		SELECT o.id, o.product_id, o.colour, o.size, o.active AND o.stock > 0 FROM old_rows AS o) AS d);
	IF cardinality(ids) > 0 THEN
		PERFORM catalogue_listing_restock(ids);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_on_insert" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_listing_new"();--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_on_delete" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_listing_new"();--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_on_update" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_listing_update"();--> statement-breakpoint
UPDATE "catalogue_listing" AS l SET ("stock_colours", "stock_sizes") =
	(SELECT o.colours, o.sizes FROM catalogue_stock_options(l.product_id) AS o);--> statement-breakpoint
-- Back-in-stock alerts (modules/stock-alerts, decision 191): a shopper's or a guest's request to be mailed
-- once when a sold-out variant is restocked. pending (a guest has not confirmed) -> active -> sent, or
-- unsubscribed from any; the moves are stock-alert-lifecycle.ts, mirrored below and checked by a trigger.
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_status" CHECK ("stock_alerts"."status" in ('pending', 'active', 'sent', 'unsubscribed')),
	CONSTRAINT "stock_alerts_sent_at" CHECK ("stock_alerts"."status" <> 'sent' OR "stock_alerts"."sent_at" IS NOT NULL),
	CONSTRAINT "stock_alerts_confirmed" CHECK ("stock_alerts"."status" NOT IN ('active', 'sent') OR "stock_alerts"."confirmed_at" IS NOT NULL),
	CONSTRAINT "stock_alerts_unsubscribed_at" CHECK (("stock_alerts"."status" = 'unsubscribed') = ("stock_alerts"."unsubscribed_at" IS NOT NULL))
);--> statement-breakpoint
CREATE TABLE "stock_alert_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	CONSTRAINT "stock_alert_status_transitions_pk" PRIMARY KEY("from_status","to_status")
);--> statement-breakpoint
-- One live alert per variant and address: asking twice is the same alert.
CREATE UNIQUE INDEX "stock_alerts_live_uq" ON "stock_alerts" USING btree ("variant_id",lower("email")) WHERE "status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "stock_alerts_active_idx" ON "stock_alerts" USING btree ("variant_id") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id") WHERE "user_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "stock_alert_status_transitions" ("from_status", "to_status") VALUES
	('pending', 'active'),
	('pending', 'unsubscribed'),
	('active', 'sent'),
	('active', 'unsubscribed'),
	('sent', 'unsubscribed');--> statement-breakpoint
CREATE FUNCTION "stock_alert_status_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
		SELECT 1 FROM stock_alert_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'a stock alert cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_alerts_status_check" BEFORE UPDATE OF "status" ON "stock_alerts" FOR EACH ROW EXECUTE FUNCTION "stock_alert_status_check"();
