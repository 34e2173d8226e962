CREATE TABLE "catalogue_listing_changes" (
	"xid" "xid8" PRIMARY KEY DEFAULT pg_current_xact_id() NOT NULL,
	"product_ids" uuid[],
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_listing_log_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"xid" "xid8" NOT NULL,
	CONSTRAINT "catalogue_listing_log_horizon_one_row" CHECK ("catalogue_listing_log_horizon"."id")
);
--> statement-breakpoint
-- Hand-written below: statement triggers on catalogue_listing log which products each transaction
-- changed, beside the counts' triggers and in the same transaction, so the log commits (or not) with
-- the change. A transaction writes only its own row: no lock is shared between writers.
INSERT INTO "catalogue_listing_log_horizon" ("id", "xid") VALUES (true, '0');--> statement-breakpoint
-- Adds products to this transaction's row (null: every product, which stays null).
CREATE FUNCTION "catalogue_listing_log"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO catalogue_listing_changes AS c (product_ids) VALUES (ids)
	ON CONFLICT (xid) DO UPDATE
	SET product_ids = CASE WHEN c.product_ids IS NULL OR excluded.product_ids IS NULL THEN NULL
		ELSE c.product_ids || excluded.product_ids END;
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT FROM new_rows) THEN
		PERFORM catalogue_listing_log(ARRAY(SELECT r.product_id FROM new_rows AS r));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT FROM old_rows) THEN
		PERFORM catalogue_listing_log(ARRAY(SELECT r.product_id FROM old_rows AS r));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_listing_log(NULL);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalogue_listing_log_insert" AFTER INSERT ON "catalogue_listing"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_log_new"();--> statement-breakpoint
-- A listing row's product never changes, so its new rows name every product an update touched.
CREATE TRIGGER "catalogue_listing_log_update" AFTER UPDATE ON "catalogue_listing"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_log_new"();--> statement-breakpoint
CREATE TRIGGER "catalogue_listing_log_delete" AFTER DELETE ON "catalogue_listing"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_log_old"();--> statement-breakpoint
CREATE TRIGGER "catalogue_listing_log_truncate" AFTER TRUNCATE ON "catalogue_listing"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_listing_log_truncate"();
