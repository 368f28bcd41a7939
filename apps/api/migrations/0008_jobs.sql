CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unfinished_key" ON "jobs" USING btree ("key") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
-- Mail not yet sent (due, retrying, or given up on) becomes `mail` jobs; sent mail is history and goes.
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts", "failed_at", "last_error", "created_at")
SELECT 'mail',
       jsonb_strip_nulls(jsonb_build_object('to', "recipient", 'subject', "subject", 'text', "text_body", 'html', "html_body")),
       "next_attempt_at", "attempts", "failed_at", "last_error", "created_at"
FROM "mail_queue" WHERE "sent_at" IS NULL ORDER BY "id";--> statement-breakpoint
DROP TABLE "mail_queue";
