-- Issue 24's remainder (decisions 200-201). Hand-written.
-- A refund of a late payment the order could not take goes through the refunds table like every other.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_kind_known";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_known" CHECK ("refunds"."kind" in ('admin', 'cancellation', 'return', 'late_payment'));--> statement-breakpoint
-- The shopper's one optional photo of a return (a storage key under returns/).
ALTER TABLE "return_requests" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_photo_key_stored" CHECK ("return_requests"."photo_key" is null or "return_requests"."photo_key" like 'returns/%');
