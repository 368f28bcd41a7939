ALTER TABLE "accounts" ADD COLUMN "preferred_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_preferred_language_check" CHECK ("accounts"."preferred_language" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_language_check" CHECK ("support_tickets"."language" in ('en', 'ar'));