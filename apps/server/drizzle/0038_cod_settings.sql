-- Issue 26's COD limits as shop settings (decision 220). Hand-written.
-- Open cash-on-delivery orders one account may have at once (was a constant 2).
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_open_orders" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- COD refused to an account with this many parcels Returned to origin; 0: never refused so.
ALTER TABLE "shop_settings" ADD COLUMN "cod_refuse_after_rto" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_limits" CHECK ("shop_settings"."cod_max_open_orders" between 1 and 100 and "shop_settings"."cod_refuse_after_rto" between 0 and 100);
