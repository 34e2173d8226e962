-- catalogue_listing_of runs once per changed product in every product write's trigger. Its variant
-- stock columns came from a second SQL function (catalogue_stock_options) in a FROM, which PostgreSQL
-- does not inline: two sub-selects here make the same arrays (same order, same empty array) at about
-- 110 ms less per 1,000 products written (bench/listing-load.ts, decision 223).
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
		catalogue_size_rank(p.sizes),
		ARRAY(SELECT DISTINCT v.colour FROM product_variants v
			WHERE v.product_id = p.id AND v.active AND v.stock > 0 AND v.colour IS NOT NULL ORDER BY v.colour),
		ARRAY(SELECT DISTINCT v.size FROM product_variants v
			WHERE v.product_id = p.id AND v.active AND v.stock > 0 AND v.size IS NOT NULL ORDER BY v.size)
$$;
