ALTER TABLE "order_items" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_given_back" CHECK ("order_items"."cancelled_quantity" >= 0 and "order_items"."returned_quantity" >= 0 and "order_items"."cancelled_quantity" + "order_items"."returned_quantity" <= "order_items"."quantity");--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"admin_note" text,
	"refund_id" uuid,
	"refund_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_known" CHECK ("return_requests"."status" in ('requested', 'approved', 'rejected', 'received', 'refunded')),
	CONSTRAINT "return_requests_refunded" CHECK (("return_requests"."status" = 'refunded') = ("return_requests"."refund_paise" is not null)),
	CONSTRAINT "return_requests_refund_not_negative" CHECK ("return_requests"."refund_paise" is null or "return_requests"."refund_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_request_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"refund_paise" integer,
	CONSTRAINT "return_request_items_quantity" CHECK ("return_request_items"."quantity" >= 1),
	CONSTRAINT "return_request_items_reason" CHECK (char_length("return_request_items"."reason") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "return_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	CONSTRAINT "return_status_transitions_pk" PRIMARY KEY("from_status","to_status")
);
--> statement-breakpoint
CREATE TABLE "return_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"changed_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_status_history_actor" CHECK ("return_status_history"."actor" in ('shopper', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "order_item_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"refund_paise" integer NOT NULL,
	"refund_id" uuid,
	"actor" text NOT NULL,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_cancellations_quantity" CHECK ("order_item_cancellations"."quantity" >= 1),
	CONSTRAINT "order_item_cancellations_refund" CHECK ("order_item_cancellations"."refund_paise" >= 0),
	CONSTRAINT "order_item_cancellations_actor" CHECK ("order_item_cancellations"."actor" in ('shopper', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_status_history" ADD CONSTRAINT "return_status_history_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_status_history" ADD CONSTRAINT "return_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_cancellations" ADD CONSTRAINT "order_item_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_cancellations" ADD CONSTRAINT "order_item_cancellations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_cancellations" ADD CONSTRAINT "order_item_cancellations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_cancellations" ADD CONSTRAINT "order_item_cancellations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_user_idx" ON "return_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_request_items_request_idx" ON "return_request_items" USING btree ("return_request_id");--> statement-breakpoint
CREATE INDEX "return_request_items_order_item_idx" ON "return_request_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_status_history_request_idx" ON "return_status_history" USING btree ("return_request_id","created_at");--> statement-breakpoint
CREATE INDEX "order_item_cancellations_order_idx" ON "order_item_cancellations" USING btree ("order_id");--> statement-breakpoint
-- Hand-written below: the return lifecycle (modules/returns/return-lifecycle.ts; a test compares them),
-- its trigger, and the rule that an order line never gives back more units than were bought.
INSERT INTO "return_status_transitions" ("from_status", "to_status") VALUES
	('requested', 'approved'),
	('requested', 'rejected'),
	('approved', 'received'),
	('received', 'refunded');--> statement-breakpoint
CREATE FUNCTION "return_requests_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status <> 'requested' THEN
			RAISE EXCEPTION 'a return request starts requested, not %', NEW.status USING ERRCODE = 'check_violation';
		END IF;
	ELSIF NEW.status <> OLD.status AND NOT EXISTS (
		SELECT 1 FROM return_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'a return request cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "return_requests_lifecycle" BEFORE INSERT OR UPDATE OF "status" ON "return_requests"
	FOR EACH ROW EXECUTE FUNCTION "return_requests_check"();--> statement-breakpoint
-- The order line's row lock queues every request for it; units asked back (rejected requests aside)
-- plus units cancelled never pass units bought.
CREATE FUNCTION "return_request_items_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bought integer;
	cancelled integer;
	asked bigint;
BEGIN
	SELECT quantity, cancelled_quantity INTO bought, cancelled FROM order_items WHERE id = NEW.order_item_id FOR UPDATE;
	SELECT coalesce(sum(i.quantity), 0) INTO asked FROM return_request_items i
		JOIN return_requests r ON r.id = i.return_request_id
		WHERE i.order_item_id = NEW.order_item_id AND r.status <> 'rejected' AND i.id <> NEW.id;
	IF asked + cancelled + NEW.quantity > bought THEN
		RAISE EXCEPTION 'order item % would give back more than the % units bought', NEW.order_item_id, bought
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "return_request_items_within_bought" BEFORE INSERT OR UPDATE OF "quantity" ON "return_request_items"
	FOR EACH ROW EXECUTE FUNCTION "return_request_items_check"();
