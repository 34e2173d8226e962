ALTER TABLE "shop_settings" ADD COLUMN "tax_mode" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_state_code" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_tax_mode" CHECK ("shop_settings"."tax_mode" in ('flat', 'gst') and ("shop_settings"."tax_mode" = 'flat' or ("shop_settings"."gstin" is not null and "shop_settings"."gst_state_code" is not null and substr("shop_settings"."gstin", 1, 2) = "shop_settings"."gst_state_code")));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst" CHECK ("products"."gst_rate_bp" between 0 and 10000 and coalesce("products"."hsn", '0000') ~ '^[0-9]{4,8}$');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year_start" integer NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY("series","year_start"),
	CONSTRAINT "document_counters_sequence" CHECK ("document_counters"."last_sequence" between 0 and 999999)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year_start" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" bytea NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('tax-invoice', 'invoice')),
	CONSTRAINT "invoices_number_length" CHECK (length("invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_uq" ON "invoices" USING btree ("series","year_start","sequence");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year_start" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" bytea NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "credit_notes_number_length" CHECK (length("credit_notes"."number") <= 16),
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_sequence_uq" ON "credit_notes" USING btree ("series","year_start","sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");
