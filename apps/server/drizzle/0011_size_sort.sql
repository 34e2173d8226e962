-- The spec's size order: smallest size on offer first. Hand-written (Drizzle generated only the
-- indexes): the column is added empty, catalogue_listing_of and the update trigger learn it, the rows
-- there are filled, and only then is it required.
ALTER TABLE "catalogue_listing" ADD COLUMN "size_rank" smallint;--> statement-breakpoint
-- A product's smallest size as a rank: letter sizes XXS…XXXL (2XL and 3XL as XXL and XXXL) first,
-- then number sizes by value, then one-size-fits-all, products without sizes last. The values are
-- apart so a new kind of size can slot in without re-ranking.
CREATE FUNCTION "catalogue_size_rank"(sizes text[]) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(min(CASE
		WHEN s IS NULL THEN NULL
		WHEN array_position(ARRAY['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'], upper(trim(s))) IS NOT NULL
			THEN array_position(ARRAY['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'], upper(trim(s)))
		WHEN upper(trim(s)) = '2XL' THEN 7
		WHEN upper(trim(s)) = '3XL' THEN 8
		WHEN trim(s) ~ '^[0-9]{1,4}(\.[0-9]+)?$' THEN 100 + floor(trim(s)::numeric * 2)::int
		ELSE 30000
	END), 32767)::smallint FROM unnest(sizes) AS s
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
		catalogue_size_rank(p.sizes)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_listing_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		document = x.document, size_rank = x.size_rank
	FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND l.product_id = x.product_id AND l IS DISTINCT FROM x;
	INSERT INTO catalogue_listing
	SELECT x.* FROM new_rows AS p CROSS JOIN LATERAL catalogue_listing_of(p) AS x
	WHERE p.archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM catalogue_listing AS l WHERE l.product_id = p.id);
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Counts do not depend on the rank: filling it need not recount every product.
ALTER TABLE "catalogue_listing" DISABLE TRIGGER "catalogue_facet_counts_update";--> statement-breakpoint
UPDATE "catalogue_listing" AS l SET "size_rank" = catalogue_size_rank(p.sizes) FROM "products" AS p
WHERE p.id = l.product_id;--> statement-breakpoint
ALTER TABLE "catalogue_listing" ENABLE TRIGGER "catalogue_facet_counts_update";--> statement-breakpoint
ALTER TABLE "catalogue_listing" ALTER COLUMN "size_rank" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_listing_size_idx" ON "catalogue_listing" USING btree ("size_rank","product_id");--> statement-breakpoint
CREATE INDEX "catalogue_listing_category_size_idx" ON "catalogue_listing" USING btree ("category","size_rank","product_id");
