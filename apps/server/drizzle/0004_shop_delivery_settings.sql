ALTER TABLE "shop_settings" ADD COLUMN "shipping_fee_paise" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "free_shipping_threshold_paise" integer DEFAULT 14000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_delivery_figures" CHECK ("shop_settings"."shipping_fee_paise" >= 0 and "shop_settings"."free_shipping_threshold_paise" >= 0);