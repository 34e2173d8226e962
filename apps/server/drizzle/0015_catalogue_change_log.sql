CREATE TABLE "catalogue_listing_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_listing_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_listing_log_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"xid" "xid8" NOT NULL,
	CONSTRAINT "catalogue_listing_log_horizon_one_row" CHECK ("catalogue_listing_log_horizon"."id")
);
--> statement-breakpoint
CREATE INDEX "catalogue_listing_changes_xid_idx" ON "catalogue_listing_changes" USING btree ("xid");--> statement-breakpoint
-- Hand-written below: statement triggers on catalogue_listing log which products each transaction
-- changed, beside the counts' triggers and in the same transaction, so the log commits (or not) with
-- the change. No lock is shared between writers: readers tell new rows by their transaction id.
INSERT INTO "catalogue_listing_log_horizon" ("id", "xid") VALUES (true, '0');--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_listing_changes (product_id) SELECT DISTINCT r.product_id FROM new_rows AS r;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_listing_changes (product_id) SELECT DISTINCT r.product_id FROM old_rows AS r;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_listing_log_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_listing_changes (product_id) VALUES (NULL);
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
