CREATE TABLE "catalogue_facet_counts" (
	"node" text[] NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalogue_facet_counts_node_facet_value_pk" PRIMARY KEY("node","facet","value")
);
--> statement-breakpoint
CREATE TABLE "catalogue_listing" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"option" text,
	"sub_option" text,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"material" text,
	"colours" text[] NOT NULL,
	"sizes" text[] NOT NULL,
	"rating" real NOT NULL,
	"num_reviews" integer NOT NULL,
	"sale_price_paise" integer NOT NULL,
	"is_featured" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_category_path_idx";--> statement-breakpoint
DROP INDEX "products_sale_price_idx";--> statement-breakpoint
DROP INDEX "products_featured_order_idx";--> statement-breakpoint
DROP INDEX "products_category_featured_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_category_trgm_idx";--> statement-breakpoint
DROP INDEX "products_colours_idx";--> statement-breakpoint
DROP INDEX "products_sizes_idx";--> statement-breakpoint
ALTER TABLE "catalogue_listing" ADD CONSTRAINT "catalogue_listing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_listing_featured_idx" ON "catalogue_listing" USING btree ("is_featured","rating","num_reviews","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_featured_idx" ON "catalogue_listing" USING btree ("category","is_featured","rating","num_reviews","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_price_idx" ON "catalogue_listing" USING btree ("sale_price_paise","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_price_idx" ON "catalogue_listing" USING btree ("category","sale_price_paise","product_id","brand");--> statement-breakpoint
CREATE INDEX "catalogue_listing_rating_idx" ON "catalogue_listing" USING btree ("rating","num_reviews","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_rating_idx" ON "catalogue_listing" USING btree ("category","rating","num_reviews","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_newest_idx" ON "catalogue_listing" USING btree ("created_at","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_newest_idx" ON "catalogue_listing" USING btree ("category","created_at","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_path_idx" ON "catalogue_listing" USING btree ("category","sub_category","option","sub_option");--> statement-breakpoint
CREATE INDEX "catalogue_listing_name_trgm_idx" ON "catalogue_listing" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_trgm_idx" ON "catalogue_listing" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_listing_colours_idx" ON "catalogue_listing" USING gin ("colours");--> statement-breakpoint
CREATE INDEX "catalogue_listing_sizes_idx" ON "catalogue_listing" USING gin ("sizes");--> statement-breakpoint
-- Hand-written below: catalogue_listing and catalogue_facet_counts are kept by statement-level
-- triggers in the same transaction as every product write (so they are exact the moment it commits,
-- whichever process wrote), then filled from the existing products. The same SQL runs on PGlite.

-- A product as shoppers browse it: the path and name lower-cased as the filters and search match
-- them, colours and sizes once each (so counting their elements counts products), in-stock and
-- on-sale flags, and a weighted document (name, then path, then brand, material and tags) that
-- search ranks by. Column order is catalogue_listing's.
CREATE FUNCTION "catalogue_listing_of"(p "products") RETURNS "catalogue_listing" LANGUAGE sql STABLE AS $$
	SELECT p.id, lower(p.category), lower(p.sub_category), lower(p.option), lower(p.sub_option), lower(p.name),
		p.brand, p.material,
		ARRAY(SELECT DISTINCT c FROM unnest(p.colours) AS c WHERE c IS NOT NULL ORDER BY c),
		ARRAY(SELECT DISTINCT s FROM unnest(p.sizes) AS s WHERE s IS NOT NULL ORDER BY s),
		p.rating, p.num_reviews, p.sale_price_paise, p.is_featured,
		p.count_in_stock > 0, p.discount > 0, p.created_at,
		setweight(to_tsvector('simple', p.name), 'A')
			|| setweight(to_tsvector('simple', concat_ws(' ', p.category, p.sub_category, p.option, p.sub_option)), 'B')
			|| setweight(to_tsvector('simple', concat_ws(' ', p.brand, p.material, array_to_string(p.tags, ' '))), 'C')
$$;--> statement-breakpoint
-- Every (node, facet, value) a listed product counts towards: each prefix of its path (the whole
-- shop first), times total, brand, material, each colour and size, and each rating threshold it reaches.
CREATE FUNCTION "catalogue_facet_keys"(
	category text, sub_category text, option text, sub_option text,
	brand text, material text, colours text[], sizes text[], rating real
) RETURNS TABLE ("node" text[], "facet" text, "value" text) LANGUAGE sql IMMUTABLE AS $$
	SELECT n.node, k.facet, k.value
	FROM (VALUES
		(ARRAY[]::text[]),
		(ARRAY[category]),
		(CASE WHEN sub_category IS NOT NULL THEN ARRAY[category, sub_category] END),
		(CASE WHEN sub_category IS NOT NULL AND option IS NOT NULL THEN ARRAY[category, sub_category, option] END),
		(CASE WHEN sub_category IS NOT NULL AND option IS NOT NULL AND sub_option IS NOT NULL
			THEN ARRAY[category, sub_category, option, sub_option] END)
	) AS n(node)
	CROSS JOIN LATERAL (
		SELECT 'total', ''
		UNION ALL SELECT 'brand', brand
		UNION ALL SELECT 'material', material WHERE material IS NOT NULL
		UNION ALL SELECT 'colour', c FROM unnest(colours) AS c
		UNION ALL SELECT 'size', s FROM unnest(sizes) AS s
		UNION ALL SELECT 'rating', r::text FROM generate_series(1, 5) AS r WHERE rating >= r
	) AS k(facet, value)
	WHERE n.node IS NOT NULL
$$;--> statement-breakpoint
-- Read by listings narrowed by brand and price (in a category or across the shop): every facet
-- column is in the index, so their counts never visit the table.
CREATE INDEX "catalogue_listing_category_facets_idx" ON "catalogue_listing" USING btree ("category", "brand", "sale_price_paise")
	INCLUDE ("material", "rating", "colours", "sizes");--> statement-breakpoint
CREATE INDEX "catalogue_listing_brand_facets_idx" ON "catalogue_listing" USING btree ("brand", "sale_price_paise")
	INCLUDE ("material", "rating", "colours", "sizes");--> statement-breakpoint
-- Counts change by the listed rows a statement added and removed. Keys are locked in one order
-- (ORDER BY), so two writers never wait on each other in a cycle; a change that moves nothing a
-- count depends on (a name, a flag) nets to zero and locks nothing.
CREATE FUNCTION "catalogue_facet_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_counts AS c (node, facet, value, n)
	SELECT k.node, k.facet, k.value, count(*)::int
	FROM new_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (node, facet, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_counts AS c (node, facet, value, n)
	SELECT d.node, d.facet, d.value, sum(d.sign)::int
	FROM (
		SELECT k.*, 1 AS sign FROM new_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
		UNION ALL
		SELECT k.*, -1 FROM old_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	) AS d
	GROUP BY 1, 2, 3 HAVING sum(d.sign) <> 0 ORDER BY 1, 2, 3
	ON CONFLICT (node, facet, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_counts AS c (node, facet, value, n)
	SELECT k.node, k.facet, k.value, -count(*)::int
	FROM old_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (node, facet, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM catalogue_facet_counts;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_counts_insert" AFTER INSERT ON "catalogue_listing"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_counts_update" AFTER UPDATE ON "catalogue_listing"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_counts_delete" AFTER DELETE ON "catalogue_listing"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_counts_on_delete"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_counts_truncate" AFTER TRUNCATE ON "catalogue_listing"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_counts_on_truncate"();--> statement-breakpoint
-- Products to listing. A deleted product leaves it by the foreign key's cascade (whose delete the
-- counts follow); an archived one is deleted here; an update touches the listing only when what it
-- shows changed, so a stock change that does not empty or refill a product writes nothing here.
CREATE FUNCTION "catalogue_listing_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_listing
	SELECT l.* FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS l
	WHERE p.archived_at IS NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Checkout's stock decrements land here: leave at once unless a column catalogue_listing_of
	-- reads changed (this list must name every one of them).
	IF NOT EXISTS (
		SELECT FROM new_rows AS p LEFT JOIN old_rows AS o ON o.id = p.id
		WHERE o.id IS NULL OR (p.archived_at IS NULL, p.category, p.sub_category, p.option, p.sub_option, p.name,
			p.brand, p.material, p.colours, p.sizes, p.tags, p.rating, p.num_reviews, p.sale_price_paise,
			p.is_featured, p.count_in_stock > 0, p.discount > 0, p.created_at)
		IS DISTINCT FROM (o.archived_at IS NULL, o.category, o.sub_category, o.option, o.sub_option, o.name,
			o.brand, o.material, o.colours, o.sizes, o.tags, o.rating, o.num_reviews, o.sale_price_paise,
			o.is_featured, o.count_in_stock > 0, o.discount > 0, o.created_at)
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
		document = x.document
	FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND l.product_id = x.product_id AND l IS DISTINCT FROM x;
	INSERT INTO catalogue_listing
	SELECT x.* FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM catalogue_listing AS l WHERE l.product_id = p.id);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalogue_listing_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_on_insert"();--> statement-breakpoint
CREATE TRIGGER "catalogue_listing_update" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_on_update"();--> statement-breakpoint
-- The products there already, and through the trigger above their counts.
INSERT INTO catalogue_listing
SELECT l.* FROM products AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS l WHERE p.archived_at IS NULL;
