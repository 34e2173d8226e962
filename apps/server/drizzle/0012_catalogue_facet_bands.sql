CREATE TABLE "catalogue_facet_band_counts" (
	"node" text[] NOT NULL,
	"facet" text NOT NULL,
	"band" smallint NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalogue_facet_band_counts_node_facet_band_value_pk" PRIMARY KEY("node","facet","band","value")
);
--> statement-breakpoint
-- Hand-written below: catalogue_facet_band_counts is catalogue_facet_counts split by price band, kept
-- by statement-level triggers on catalogue_listing beside those of 0010 (same transaction, keys locked
-- in one order), then filled from the listing already there. The same SQL runs on PGlite.

-- A listing reads a node's bands in key order: rows are written in that order, and half of each
-- page is left free so a count's updates stay on its page (n is in no index: HOT updates).
ALTER TABLE "catalogue_facet_band_counts" SET (fillfactor = 50);--> statement-breakpoint

-- Where price bands start, in paise: ⌊2^(k/4)⌋ for k = 0…123, each once. Quarter-octaves, so a band
-- is ~19% of its prices wide at any price (a shop's prices spread geometrically far more than
-- evenly), and the bounds fall on no round rupee figure a price slider would stop at.
CREATE FUNCTION "catalogue_price_bounds"() RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT '{1,2,3,4,5,6,8,9,11,13,16,19,22,26,32,38,45,53,64,76,90,107,128,152,181,215,256,304,362,430,512,608,724,861,1024,1217,1448,1722,2048,2435,2896,3444,4096,4870,5792,6888,8192,9741,11585,13777,16384,19483,23170,27554,32768,38967,46340,55108,65536,77935,92681,110217,131072,155871,185363,220435,262144,311743,370727,440871,524288,623487,741455,881743,1048576,1246974,1482910,1763487,2097152,2493948,2965820,3526975,4194304,4987896,5931641,7053950,8388608,9975792,11863283,14107900,16777216,19951584,23726566,28215801,33554432,39903169,47453132,56431603,67108864,79806338,94906265,112863206,134217728,159612677,189812531,225726412,268435456,319225354,379625062,451452825,536870912,638450708,759250124,902905650,1073741824,1276901416,1518500249,1805811301}'::int[]
$$;--> statement-breakpoint
-- A price's band: 0 below 1 paisa, b when catalogue_price_bounds()[b] <= price < [b + 1].
CREATE FUNCTION "catalogue_price_band"(price int) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT width_bucket(price, catalogue_price_bounds())::smallint
$$;--> statement-breakpoint
-- The lowest price of a band (bigint: past the last band it is 2^31, above every int price).
CREATE FUNCTION "catalogue_price_band_start"(band int) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN band < 1 THEN -2147483648 ELSE coalesce((catalogue_price_bounds())[band]::bigint, 2147483648) END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_band_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_band_counts AS c (node, facet, band, value, n)
	SELECT k.node, k.facet, catalogue_price_band(r.sale_price_paise), k.value, count(*)::int
	FROM new_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
	ON CONFLICT (node, facet, band, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_band_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_band_counts AS c (node, facet, band, value, n)
	SELECT d.node, d.facet, d.band, d.value, sum(d.sign)::int
	FROM (
		SELECT k.*, catalogue_price_band(r.sale_price_paise) AS band, 1 AS sign
		FROM new_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
		UNION ALL
		SELECT k.*, catalogue_price_band(r.sale_price_paise), -1
		FROM old_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	) AS d
	GROUP BY 1, 2, 3, 4 HAVING sum(d.sign) <> 0 ORDER BY 1, 2, 3, 4
	ON CONFLICT (node, facet, band, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_band_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_facet_band_counts AS c (node, facet, band, value, n)
	SELECT k.node, k.facet, catalogue_price_band(r.sale_price_paise), k.value, -count(*)::int
	FROM old_rows AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
	GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
	ON CONFLICT (node, facet, band, value) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_facet_band_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM catalogue_facet_band_counts;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_band_counts_insert" AFTER INSERT ON "catalogue_listing"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_band_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_band_counts_update" AFTER UPDATE ON "catalogue_listing"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_band_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_band_counts_delete" AFTER DELETE ON "catalogue_listing"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_band_counts_on_delete"();--> statement-breakpoint
CREATE TRIGGER "catalogue_facet_band_counts_truncate" AFTER TRUNCATE ON "catalogue_listing"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_facet_band_counts_on_truncate"();--> statement-breakpoint
-- The listing there already.
INSERT INTO catalogue_facet_band_counts (node, facet, band, value, n)
SELECT k.node, k.facet, catalogue_price_band(r.sale_price_paise), k.value, count(*)::int
FROM catalogue_listing AS r CROSS JOIN LATERAL catalogue_facet_keys(r.category, r.sub_category, r.option, r.sub_option, r.brand, r.material, r.colours, r.sizes, r.rating) AS k
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
