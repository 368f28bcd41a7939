CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_reference_id" text,
	"metadata" jsonb NOT NULL,
	"customer_email" text,
	"line_items" jsonb NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_intent" text,
	"customer_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"refund_id" text,
	"refund_amount" integer,
	"refund_idempotency_key" text,
	CONSTRAINT "sandbox_checkout_sessions_status_check" CHECK ("sandbox_checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "sandbox_checkout_sessions_payment_status_check" CHECK ("sandbox_checkout_sessions"."payment_status" in ('paid', 'unpaid'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkout_sessions_idempotency_key_idx" ON "sandbox_checkout_sessions" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "sandbox_checkout_sessions_client_reference_idx" ON "sandbox_checkout_sessions" USING btree ("client_reference_id");
