CREATE TABLE "unpaid_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"coupon_id" uuid,
	"user_id" uuid,
	"device_key" text,
	"address_key" text,
	"quantity" integer NOT NULL,
	"reused" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"reusable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unpaid_holds_one_thing" CHECK (("unpaid_holds"."product_id" is null) <> ("unpaid_holds"."coupon_id" is null)),
	CONSTRAINT "unpaid_holds_quantity" CHECK ("unpaid_holds"."quantity" >= 1 and "unpaid_holds"."reused" between 0 and "unpaid_holds"."quantity")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "hold_window_minutes" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "hold_limit_units" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "hold_limit_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "hold_address_multiple" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unpaid_holds_order_idx" ON "unpaid_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "unpaid_holds_product_idx" ON "unpaid_holds" USING btree ("product_id","expires_at");--> statement-breakpoint
CREATE INDEX "unpaid_holds_coupon_idx" ON "unpaid_holds" USING btree ("coupon_id","expires_at");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_hold_limits" CHECK (("shop_settings"."hold_window_minutes" is null or "shop_settings"."hold_window_minutes" between 5 and 10080) and "shop_settings"."hold_limit_units" between 1 and 100000 and "shop_settings"."hold_limit_percent" between 0 and 100 and "shop_settings"."hold_address_multiple" between 1 and 1000);--> statement-breakpoint
-- Hand-written: orders already waiting for payment hold what they hold, counted against their account
-- (their device and network were not recorded).
INSERT INTO "unpaid_holds" ("order_id", "product_id", "user_id", "quantity", "expires_at", "created_at")
	SELECT o."id", i."product_id", o."user_id", sum(i."quantity")::int, o."expires_at", o."created_at"
	FROM "orders" AS o JOIN "order_items" AS i ON i."order_id" = o."id"
	WHERE o."status" = 'Pending' AND o."expires_at" IS NOT NULL AND i."product_id" IS NOT NULL
	GROUP BY o."id", i."product_id";--> statement-breakpoint
INSERT INTO "unpaid_holds" ("order_id", "coupon_id", "user_id", "quantity", "expires_at", "created_at")
	SELECT o."id", o."coupon_id", o."user_id", 1, o."expires_at", o."created_at"
	FROM "orders" AS o JOIN "coupons" AS c ON c."id" = o."coupon_id"
	WHERE o."status" = 'Pending' AND o."expires_at" IS NOT NULL AND c."usage_limit" IS NOT NULL;
