CREATE TABLE "shipping_carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_carriers_name_length" CHECK (char_length("shipping_carriers"."name") between 1 and 60),
	CONSTRAINT "shipping_carriers_tracking_template" CHECK ("shipping_carriers"."tracking_url" like 'https://%' and strpos("shipping_carriers"."tracking_url", '{tracking}') > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_carriers_name_uq" ON "shipping_carriers" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"expected_delivery" date NOT NULL,
	"shipped_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_tracking_url_https" CHECK ("shipments"."tracking_url" is null or "shipments"."tracking_url" like 'https://%'),
	CONSTRAINT "shipments_tracking_number_length" CHECK (char_length("shipments"."tracking_number") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_uq" ON "shipments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "return_window_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_return_window" CHECK ("shop_settings"."return_window_days" between 0 and 90);--> statement-breakpoint
-- Hand-written: an order becomes Shipped only with its shipment recorded, whatever code moves it
-- (modules/orders/order-lifecycle.ts checks the same first, with a message).
CREATE FUNCTION "orders_check_shipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'Shipped' AND OLD.status <> 'Shipped' AND NOT EXISTS (
		SELECT 1 FROM shipments WHERE order_id = NEW.id
	) THEN
		RAISE EXCEPTION 'order % cannot be Shipped without a shipment', NEW.id USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_shipment_recorded" BEFORE UPDATE OF "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_check_shipment"();
