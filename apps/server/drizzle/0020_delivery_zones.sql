CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"business_days" text DEFAULT 'mon-sat' NOT NULL,
	"cutoff_minutes" integer DEFAULT 840 NOT NULL,
	"holidays" date[] DEFAULT '{}'::date[] NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_business_days" CHECK ("delivery_settings"."business_days" in ('mon-sat', 'mon-fri')),
	CONSTRAINT "delivery_settings_cutoff" CHECK ("delivery_settings"."cutoff_minutes" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_pincodes" (
	"zone_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"low" integer NOT NULL,
	"high" integer NOT NULL,
	CONSTRAINT "delivery_zone_pincodes_zone_id_kind_low_high_pk" PRIMARY KEY("zone_id","kind","low","high"),
	CONSTRAINT "delivery_zone_pincodes_kind" CHECK ("delivery_zone_pincodes"."kind" in ('exact', 'range', 'prefix')),
	CONSTRAINT "delivery_zone_pincodes_span" CHECK ("delivery_zone_pincodes"."low" between 100000 and 999999 and "delivery_zone_pincodes"."high" between "delivery_zone_pincodes"."low" and 999999 and ("delivery_zone_pincodes"."kind" <> 'exact' or "delivery_zone_pincodes"."low" = "delivery_zone_pincodes"."high"))
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"fee_paise" integer NOT NULL,
	"free_above_paise" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"cod" boolean DEFAULT false NOT NULL,
	"delivers" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_terms" CHECK ("delivery_zones"."fee_paise" >= 0 and ("delivery_zones"."free_above_paise" is null or "delivery_zones"."free_above_paise" >= 0) and "delivery_zones"."min_days" between 0 and 60 and "delivery_zones"."max_days" between "delivery_zones"."min_days" and 60 and char_length("delivery_zones"."name") between 1 and 60),
	CONSTRAINT "delivery_zones_only_default_stops" CHECK ("delivery_zones"."is_default" or "delivery_zones"."delivers")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_delivery_figures";--> statement-breakpoint
ALTER TABLE "delivery_zone_pincodes" ADD CONSTRAINT "delivery_zone_pincodes_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_one_default" ON "delivery_zones" USING btree ("is_default") WHERE "delivery_zones"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_name_uq" ON "delivery_zones" USING btree (lower("name"));--> statement-breakpoint
-- The calendar row, and today's delivery figures as the default zone (one source of truth from now
-- on): a shop that never saved its settings gets the column defaults it was charging, ₹50 below ₹140.
INSERT INTO "delivery_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "delivery_zones" ("name", "is_default", "position", "fee_paise", "free_above_paise", "min_days", "max_days", "cod", "delivers")
SELECT 'Rest of India', true, 0,
	coalesce((SELECT "shipping_fee_paise" FROM "shop_settings" WHERE "id" = 1), 5000),
	coalesce((SELECT "free_shipping_threshold_paise" FROM "shop_settings" WHERE "id" = 1), 14000),
	3, 7, false, true;--> statement-breakpoint
ALTER TABLE "shop_settings" DROP COLUMN "shipping_fee_paise";--> statement-breakpoint
ALTER TABLE "shop_settings" DROP COLUMN "free_shipping_threshold_paise";