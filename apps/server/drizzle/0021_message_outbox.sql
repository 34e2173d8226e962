CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"purpose" text NOT NULL,
	"payload" jsonb NOT NULL,
	"body" text NOT NULL,
	"secrets" text[],
	"order_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_since" timestamp with time zone,
	"provider" text,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "message_outbox_channel" CHECK ("message_outbox"."channel" in ('email', 'whatsapp')),
	CONSTRAINT "message_outbox_status" CHECK ("message_outbox"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown')),
	CONSTRAINT "message_outbox_attempts" CHECK ("message_outbox"."attempts" >= 0),
	CONSTRAINT "message_outbox_sending_since" CHECK (("message_outbox"."status" = 'sending') = ("message_outbox"."sending_since" is not null)),
	CONSTRAINT "message_outbox_sent_has_id" CHECK ("message_outbox"."status" not in ('sent', 'delivered') or "message_outbox"."provider_message_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "message_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	CONSTRAINT "message_status_transitions_from_status_to_status_pk" PRIMARY KEY("from_status","to_status")
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "message_outbox_sending_idx" ON "message_outbox" USING btree ("sending_since") WHERE "message_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "message_outbox_created_idx" ON "message_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_order_idx" ON "message_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_dedupe_key" ON "message_outbox" USING btree ("channel","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_message" ON "message_outbox" USING btree ("channel","provider_message_id");--> statement-breakpoint
-- Hand-written below: the status moves a message may make (the same set as
-- modules/notify/message-lifecycle.ts; message-lifecycle.test.ts compares them) and the trigger that
-- refuses every other, so no code path can send a message the provider may have taken once already.
INSERT INTO "message_status_transitions" ("from_status", "to_status") VALUES
	('queued', 'sending'),
	('sending', 'sent'),
	('sending', 'queued'),
	('sending', 'failed'),
	('sending', 'unknown'),
	('sending', 'delivered'),
	('sent', 'delivered'),
	('sent', 'failed'),
	('unknown', 'sent'),
	('unknown', 'delivered'),
	('unknown', 'failed'),
	('queued', 'sent'),
	('queued', 'delivered'),
	('queued', 'failed');--> statement-breakpoint
CREATE FUNCTION "message_outbox_check_status_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status <> 'queued' THEN
			RAISE EXCEPTION 'a new message starts as queued, not %', NEW.status USING ERRCODE = 'check_violation';
		END IF;
	ELSIF NEW.status <> OLD.status AND NOT EXISTS (
		SELECT 1 FROM message_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'a message cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_outbox_status_move" BEFORE INSERT OR UPDATE OF "status" ON "message_outbox"
	FOR EACH ROW EXECUTE FUNCTION "message_outbox_check_status_move"();
