-- Cash on delivery (decisions 216-218). Hand-written.
-- Two new order statuses. ALTER TYPE ... ADD VALUE cannot be used in the transaction that adds it (the
-- migrator runs every pending migration in one), so the type is replaced by one with the new values:
-- the constraints, partial index and triggers that depend on the status are dropped, the columns converted, and they
-- are made again below.
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_matches_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_delivered_matches_status";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
DROP TRIGGER "orders_status_move" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_shipment_recorded" ON "orders";--> statement-breakpoint
ALTER TYPE "public"."order_status" RENAME TO "order_status_before_cod";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('Pending', 'Awaiting confirmation', 'Processing', 'Shipped', 'Delivered', 'Completed', 'Cancelled', 'Returned', 'Returned to origin', 'Refunded');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'Pending'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "from_status" SET DATA TYPE "public"."order_status" USING "from_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "to_status" SET DATA TYPE "public"."order_status" USING "to_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_transitions" ALTER COLUMN "from_status" SET DATA TYPE "public"."order_status" USING "from_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_transitions" ALTER COLUMN "to_status" SET DATA TYPE "public"."order_status" USING "to_status"::text::"public"."order_status";--> statement-breakpoint
DROP TYPE "public"."order_status_before_cod";--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'Pending';--> statement-breakpoint
-- The auto-cancel job's search: COD orders awaiting confirmation by their deadline.
CREATE INDEX "orders_cod_confirm_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'Awaiting confirmation';--> statement-breakpoint
-- The COD fee the order's delivery charge includes (0 for an order paid online).
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee_not_negative" CHECK ("orders"."cod_fee_paise" >= 0 and "orders"."cod_fee_paise" <= "orders"."shipping_paise");--> statement-breakpoint
-- A COD order is unpaid until its cash is collected: it may be Processing or Shipped without a payment,
-- and Delivered only with one; awaiting confirmation or returned to origin, it was never paid.
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_matches_status" CHECK (case when "orders"."status" in ('Pending', 'Awaiting confirmation', 'Returned to origin') then "orders"."paid_at" is null when "orders"."status" = 'Cancelled' then true when "orders"."status" in ('Processing', 'Shipped') then "orders"."paid_at" is not null or "orders"."payment_method" = 'cod' else "orders"."paid_at" is not null end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_matches_status" CHECK (case when "orders"."status" in ('Delivered', 'Completed') then "orders"."delivered_at" is not null when "orders"."status" in ('Returned', 'Refunded') then true else "orders"."delivered_at" is null end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_awaits_confirmation" CHECK ("orders"."status" <> 'Awaiting confirmation' or "orders"."payment_method" = 'cod');--> statement-breakpoint
INSERT INTO "order_status_transitions" ("from_status", "to_status") VALUES
	('Awaiting confirmation', 'Processing'),
	('Awaiting confirmation', 'Cancelled'),
	('Shipped', 'Returned to origin');--> statement-breakpoint
-- A new order starts Pending, or, paid by cash on delivery, awaiting its confirmation.
CREATE OR REPLACE FUNCTION "orders_check_status_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status <> 'Pending' AND NOT (NEW.status = 'Awaiting confirmation' AND NEW.payment_method = 'cod') THEN
			RAISE EXCEPTION 'a new order starts as Pending (or Awaiting confirmation when paid on delivery), not %', NEW.status USING ERRCODE = 'check_violation';
		END IF;
	ELSIF NEW.status <> OLD.status AND NOT EXISTS (
		SELECT 1 FROM order_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'an order cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_status_move" BEFORE INSERT OR UPDATE OF "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_check_status_move"();--> statement-breakpoint
CREATE TRIGGER "orders_shipment_recorded" BEFORE UPDATE OF "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_check_shipment"();--> statement-breakpoint
-- Cash on delivery's terms per zone: its fee, and the order values it is offered for.
ALTER TABLE "delivery_zones" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "cod_min_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "cod_max_paise" integer;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_cod_terms" CHECK ("delivery_zones"."cod_fee_paise" >= 0 and "delivery_zones"."cod_min_paise" >= 0 and ("delivery_zones"."cod_max_paise" is null or "delivery_zones"."cod_max_paise" >= "delivery_zones"."cod_min_paise"));--> statement-breakpoint
-- Payment links (Razorpay Payment Links) sent for an unpaid order; the link's payment settles it.
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"link_id" text NOT NULL,
	"short_url" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_links_status_known" CHECK ("payment_links"."status" in ('created', 'paid', 'cancelled')),
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount_paise" >= 1)
);--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_link_uq" ON "payment_links" USING btree ("provider","link_id");--> statement-breakpoint
CREATE INDEX "payment_links_order_idx" ON "payment_links" USING btree ("order_id");
