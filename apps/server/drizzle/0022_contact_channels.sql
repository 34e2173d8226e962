ALTER TABLE "shop_settings" ADD COLUMN "second_email" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "second_phone" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "facebook_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "instagram_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "x_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "youtube_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_social_links_https" CHECK (coalesce("shop_settings"."facebook_url", 'https://') like 'https://%' and coalesce("shop_settings"."instagram_url", 'https://') like 'https://%' and coalesce("shop_settings"."x_url", 'https://') like 'https://%' and coalesce("shop_settings"."youtube_url", 'https://') like 'https://%');