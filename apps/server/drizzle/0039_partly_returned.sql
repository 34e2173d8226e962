-- "Partly returned" becomes an order status of the lifecycle (decision 221, superseding 201). Hand-written.
-- As in 0031, the type is replaced rather than ALTER TYPE ... ADD VALUE (which cannot be used in the
-- transaction that adds it): what depends on the status is dropped, the columns converted, and made again.
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_matches_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_delivered_matches_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cod_awaits_confirmation";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
DROP INDEX "orders_cod_confirm_idx";--> statement-breakpoint
DROP TRIGGER "orders_status_move" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_shipment_recorded" ON "orders";--> statement-breakpoint
ALTER TYPE "public"."order_status" RENAME TO "order_status_before_partly_returned";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('Pending', 'Awaiting confirmation', 'Processing', 'Shipped', 'Delivered', 'Partly returned', 'Completed', 'Cancelled', 'Returned', 'Returned to origin', 'Refunded');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'Pending'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "from_status" SET DATA TYPE "public"."order_status" USING "from_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "to_status" SET DATA TYPE "public"."order_status" USING "to_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_transitions" ALTER COLUMN "from_status" SET DATA TYPE "public"."order_status" USING "from_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_transitions" ALTER COLUMN "to_status" SET DATA TYPE "public"."order_status" USING "to_status"::text::"public"."order_status";--> statement-breakpoint
DROP TYPE "public"."order_status_before_partly_returned";--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "orders_cod_confirm_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'Awaiting confirmation';--> statement-breakpoint
-- As 0031's, with Partly returned among the statuses that say the order was paid (the else) and delivered.
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_matches_status" CHECK (case when "orders"."status" in ('Pending', 'Awaiting confirmation', 'Returned to origin') then "orders"."paid_at" is null when "orders"."status" = 'Cancelled' then true when "orders"."status" in ('Processing', 'Shipped') then "orders"."paid_at" is not null or "orders"."payment_method" = 'cod' else "orders"."paid_at" is not null end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_matches_status" CHECK (case when "orders"."status" in ('Delivered', 'Partly returned', 'Completed') then "orders"."delivered_at" is not null when "orders"."status" in ('Returned', 'Refunded') then true else "orders"."delivered_at" is null end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_awaits_confirmation" CHECK ("orders"."status" <> 'Awaiting confirmation' or "orders"."payment_method" = 'cod');--> statement-breakpoint
INSERT INTO "order_status_transitions" ("from_status", "to_status") VALUES
	('Delivered', 'Partly returned'),
	('Partly returned', 'Returned');--> statement-breakpoint
CREATE TRIGGER "orders_status_move" BEFORE INSERT OR UPDATE OF "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_check_status_move"();--> statement-breakpoint
CREATE TRIGGER "orders_shipment_recorded" BEFORE UPDATE OF "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_check_shipment"();--> statement-breakpoint
-- Orders decision 201 showed as "Partly returned" (Delivered, some units returned and received, some
-- kept) move through the new pair, with a history row as every move has; a Delivered order every unit
-- of which is back (its last refund not yet out, which moved it under 201) is Returned, as a receipt
-- makes it now, so that refund makes it Refunded. Completed ones stay Completed: the shop closed them
-- (decision 221). One statement, so the moves and their history agree.
WITH "moved" AS (
	UPDATE "orders" o
	SET "status" = CASE WHEN u."bought" - u."cancelled" - u."returned" > 0 THEN 'Partly returned' ELSE 'Returned' END::"public"."order_status",
		"updated_at" = now()
	FROM (
		SELECT "order_id", sum("quantity") AS "bought", sum("cancelled_quantity") AS "cancelled", sum("returned_quantity") AS "returned"
		FROM "order_items" GROUP BY "order_id"
	) u
	WHERE u."order_id" = o."id" AND o."status" = 'Delivered' AND u."returned" > 0
	RETURNING o."id", o."status", u."returned", u."bought" - u."cancelled" AS "delivered"
)
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "actor", "changed_by", "note", "created_at")
SELECT "id", 'Delivered', "status",
	'system', NULL,
	CASE WHEN "status" = 'Returned' THEN 'every item returned' ELSE "returned" || ' of ' || "delivered" || ' items returned' END || ' (migration 0039)',
	now()
FROM "moved";
