-- The product page's variants as its reply shows them (ProductVariant[]), kept per product like
-- products.shopper_json (0013): the page splices the text in unparsed instead of reading, mapping and
-- writing every variant per request (decision 226: the page was ~20% slower with variants). Its own
-- table, not a products column: a sale writes a variant's stock, and a products write would run the
-- product's JSON, listing and change-log triggers once more per sale. variants-json.test.ts holds it
-- equal to the variants a plain query reads, mapped as the reply's schema says, after every kind of write.
CREATE TABLE "product_variants_json" (
	"product_id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"json" text NOT NULL
-- Kept whole in the row up to 8 KB (~40 variants) rather than compressed past 2 KB: a product of 12
-- variants is ~2.2 KB, and the page reads it on every request.
) WITH (toast_tuple_target = 8160);--> statement-breakpoint
-- imageUrl (image-url.ts): absolute URLs and rooted paths kept; a storage key under /uploads/, each
-- character outside encodeURIComponent's unreserved set (and the key's slashes) percent-encoded as UTF-8.
CREATE FUNCTION "catalogue_image_url"(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN nullif(v, '') IS NULL THEN NULL
		WHEN v ~* '^https?://' OR left(v, 1) = '/' THEN v
		WHEN v ~ '^[A-Za-z0-9_.!~*''()/-]*$' THEN '/uploads/' || v
		ELSE '/uploads/' || (SELECT string_agg(CASE WHEN t.c ~ '^[A-Za-z0-9_.!~*''()/-]$' THEN t.c
			ELSE regexp_replace(upper(encode(convert_to(t.c, 'UTF8'), 'hex')), '(..)', '%\1', 'g') END, '' ORDER BY t.o)
			FROM unnest(string_to_array(v, NULL)) WITH ORDINALITY t(c, o)) END
$$;--> statement-breakpoint
-- Products' active variants in their order, each at the price it sells at (its own or the product's,
-- less the product's discount, a fraction of a paisa off the discount as discountedPaise does); '[]' for a
-- product with none. A set of products at once, so a statement's triggers write them in one statement.
CREATE FUNCTION "catalogue_variants_json_of"(ids uuid[]) RETURNS TABLE ("product_id" uuid, "json" text) LANGUAGE sql STABLE AS $$
	SELECT p.id, '[' || coalesce(string_agg(y.js, ',' ORDER BY v.position, v.id), '') || ']'
	FROM products p LEFT JOIN product_variants v ON v.product_id = p.id AND v.active
	CROSS JOIN LATERAL (SELECT coalesce(v.price_paise, p.price_paise) AS paise) x
	LEFT JOIN LATERAL (SELECT row_to_json(r)::text AS js FROM (SELECT v.id, v.sku, v.colour, v.size,
			trim_scale(x.paise::numeric / 100) AS "price",
			trim_scale((x.paise - floor(x.paise::numeric * least(100, greatest(0, p.discount)) / 100))::numeric / 100) AS "salePrice",
			v.stock AS "countInStock", v.stock > 0 AS "inStock", catalogue_image_url(v.image) AS "image") r
		WHERE v.id IS NOT NULL) y ON true
	WHERE p.id = ANY (ids)
	GROUP BY p.id
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_variants_json"(pid uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT json FROM catalogue_variants_json_of(ARRAY[pid])
$$;--> statement-breakpoint
-- Writes the products' rows, in the writing transaction. The product rows are locked first, in a statement
-- of their own (as 0041's sum does, whose lock this usually already holds): two sales of different variants
-- of one product then write the JSON one after the other, the second from a snapshot that sees the first.
CREATE FUNCTION "catalogue_variants_json_write"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM products p WHERE p.id = ANY (ids) ORDER BY p.id FOR NO KEY UPDATE OF p;
	INSERT INTO product_variants_json (product_id, json)
		SELECT f.product_id, f.json FROM catalogue_variants_json_of(ids) f ORDER BY f.product_id
	ON CONFLICT (product_id) DO UPDATE SET json = excluded.json
		WHERE product_variants_json.json IS DISTINCT FROM excluded.json;
END $$;--> statement-breakpoint
-- After every statement on variants, whatever wrote it (a sale, a restock, a cancellation). A transaction
-- that owns its variant writes (0034's `bazaar.variants_own`: the admin's matrix and form, the import) moves
-- stock one variant a statement and calls catalogue_variants_json_write once at its end, as it sums the stock
-- there: 201 stock moves on a 201-variant product would otherwise write its JSON 201 times.
CREATE FUNCTION "catalogue_variants_json_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('bazaar.variants_own', true) = 'on' THEN RETURN NULL; END IF;
	PERFORM catalogue_variants_json_write(ARRAY(SELECT DISTINCT product_id FROM changed_rows ORDER BY product_id));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_zjson_on_insert" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_json_keep"();--> statement-breakpoint
CREATE TRIGGER "product_variants_zjson_on_update" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_json_keep"();--> statement-breakpoint
CREATE TRIGGER "product_variants_zjson_on_delete" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_json_keep"();--> statement-breakpoint
-- A variant without a price of its own sells at the product's, less the product's discount: the products
-- a statement reprices, in one statement (a column list cannot go with transition tables; the listing's
-- statement trigger captures the same rows already).
CREATE FUNCTION "catalogue_variants_json_on_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE product_variants_json j SET json = f.json
	FROM catalogue_variants_json_of(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE o.price_paise <> n.price_paise OR o.discount <> n.discount)) f
	WHERE j.product_id = f.product_id AND j.json IS DISTINCT FROM f.json;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_variants_json_on_price" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_variants_json_on_price"();--> statement-breakpoint
INSERT INTO "product_variants_json" ("product_id", "json")
	SELECT product_id, json FROM catalogue_variants_json_of(ARRAY(SELECT id FROM products));
