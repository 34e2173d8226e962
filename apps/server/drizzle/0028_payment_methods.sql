-- The sandbox takes UPI and net banking beside cards, as Razorpay does; each payment says how it was made.
ALTER TABLE "sandbox_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_method" CHECK ("sandbox_payments"."method" = 'card' and "sandbox_payments"."card_last4" is not null or "sandbox_payments"."method" = 'upi' and "sandbox_payments"."vpa" is not null or "sandbox_payments"."method" = 'netbanking' and "sandbox_payments"."bank" is not null);--> statement-breakpoint
-- What the shopper paid with (Razorpay's word), recorded with the captured payment and on the order it paid.
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with" text;--> statement-breakpoint
UPDATE "orders" SET "paid_with" = 'manual' WHERE "paid_at" IS NOT NULL AND "id" IN (SELECT "order_id" FROM "payments" WHERE "provider" = 'manual');--> statement-breakpoint
UPDATE "orders" o SET "paid_with" = coalesce(p."raw"->>'method', 'card') FROM "payments" p WHERE p."order_id" = o."id" AND p."status" IN ('captured', 'refund_due', 'refunded') AND p."provider" <> 'manual' AND o."paid_at" IS NOT NULL AND o."paid_with" IS NULL;
