CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"requested_by" uuid,
	"claimed_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_kind_known" CHECK ("refunds"."kind" in ('admin', 'cancellation', 'return')),
	CONSTRAINT "refunds_processed_at" CHECK (("refunds"."status" = 'processed') = ("refunds"."processed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_uq" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_uq" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE TABLE "refund_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	CONSTRAINT "refund_status_transitions_pk" PRIMARY KEY("from_status","to_status")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"idempotency_key" text,
	"notes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_uq" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
-- Hand-written below: the refund lifecycle (modules/payments/refund-lifecycle.ts; a test compares them)
-- and its trigger, and the rule that refunds never add up to more than the payment captured.
INSERT INTO "refund_status_transitions" ("from_status", "to_status") VALUES
	('pending', 'processed'),
	('pending', 'failed');--> statement-breakpoint
CREATE FUNCTION "refunds_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	captured integer;
	taken bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status <> 'pending' AND NEW.status <> 'processed' THEN
			RAISE EXCEPTION 'a refund starts pending or processed, not %', NEW.status USING ERRCODE = 'check_violation';
		END IF;
		-- The payment's row lock queues every refund of it, on every process, behind each other.
		SELECT amount_paise INTO captured FROM payments
			WHERE id = NEW.payment_id AND status IN ('captured', 'refund_due', 'refunded') FOR UPDATE;
		IF captured IS NULL THEN
			RAISE EXCEPTION 'payment % took no money to refund', NEW.payment_id USING ERRCODE = 'check_violation';
		END IF;
		SELECT coalesce(sum(amount_paise), 0) INTO taken FROM refunds
			WHERE payment_id = NEW.payment_id AND status <> 'failed';
		IF taken + NEW.amount_paise > captured THEN
			RAISE EXCEPTION 'refunds of payment % would exceed the % paise captured', NEW.payment_id, captured
				USING ERRCODE = 'check_violation';
		END IF;
	ELSIF NEW.status <> OLD.status AND NOT EXISTS (
		SELECT 1 FROM refund_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'a refund cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
	ELSIF NEW.amount_paise <> OLD.amount_paise OR NEW.payment_id <> OLD.payment_id THEN
		RAISE EXCEPTION 'a refund keeps its amount and payment' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refunds_checked" BEFORE INSERT OR UPDATE ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_check"();
