-- One catalogue engine (decision 177): listings, facets and search are worked out in each process's
-- memory, fed from catalogue_listing and its change log. What only the SQL listing engine read goes:
-- the kept facet counts and price-band counts with their triggers and functions (migrations 0010 and
-- 0012), and the listing's order, facet and search indexes. catalogue_listing itself, its triggers on
-- products, its document, size rank and change log (0010, 0011, 0014, 0015) stay: the memory index
-- reads them; products.shopper_json (0013) stays: every page's products are read from it. The name
-- trigram index stays for type-ahead suggestions.
DROP TRIGGER "catalogue_facet_band_counts_insert" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_band_counts_update" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_band_counts_delete" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_band_counts_truncate" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_counts_insert" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_counts_update" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_counts_delete" ON "catalogue_listing";--> statement-breakpoint
DROP TRIGGER "catalogue_facet_counts_truncate" ON "catalogue_listing";--> statement-breakpoint
DROP FUNCTION "catalogue_facet_band_counts_on_insert"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_band_counts_on_update"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_band_counts_on_delete"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_band_counts_on_truncate"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_counts_on_insert"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_counts_on_update"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_counts_on_delete"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_counts_on_truncate"();--> statement-breakpoint
DROP FUNCTION "catalogue_facet_keys"(text, text, text, text, text, text, text[], text[], real);--> statement-breakpoint
DROP FUNCTION "catalogue_price_band_start"(int);--> statement-breakpoint
DROP FUNCTION "catalogue_price_band"(int);--> statement-breakpoint
DROP FUNCTION "catalogue_price_bounds"();--> statement-breakpoint
DROP TABLE "catalogue_facet_band_counts";--> statement-breakpoint
DROP TABLE "catalogue_facet_counts";--> statement-breakpoint
DROP INDEX "catalogue_listing_featured_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_featured_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_price_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_price_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_rating_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_rating_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_newest_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_newest_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_size_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_size_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_path_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_facets_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_brand_facets_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_category_trgm_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_colours_idx";--> statement-breakpoint
DROP INDEX "catalogue_listing_sizes_idx";
