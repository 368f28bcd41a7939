-- Decision 080: the sandbox takes several partial refunds per payment, up to what was paid.
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_check" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_session_id_sandbox_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_idx" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_session_idx" ON "sandbox_refunds" USING btree ("session_id");--> statement-breakpoint
-- The sandbox's one refund per session becomes a row each (several partial refunds, as Stripe allows).
INSERT INTO "sandbox_refunds" ("id", "session_id", "amount", "idempotency_key", "created_at")
SELECT "refund_id", "id", "refund_amount", "refund_idempotency_key", coalesce("completed_at", "created_at")
FROM "sandbox_checkout_sessions"
WHERE "refund_id" IS NOT NULL AND "refund_amount" > 0 AND "refund_idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" DROP COLUMN "refund_amount";--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" DROP COLUMN "refund_idempotency_key";