ALTER TABLE "contact_messages" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at","id") WHERE "contact_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "newsletter_created_idx" ON "newsletter_subscribers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_subject" CHECK ("contact_messages"."subject" is null or "contact_messages"."subject" in ('order', 'product', 'shipping', 'return', 'technical', 'other'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lengths" CHECK (char_length("contact_messages"."name") between 1 and 50 and char_length("contact_messages"."email") between 3 and 254 and char_length("contact_messages"."message") between 1 and 2000 and ("contact_messages"."order_number" is null or char_length("contact_messages"."order_number") <= 40));