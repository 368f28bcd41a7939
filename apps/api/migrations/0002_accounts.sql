CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_type" smallint NOT NULL,
	"email_address" text NOT NULL,
	"user_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"login_provider" smallint DEFAULT 1 NOT NULL,
	"google_subject" text,
	"role" text,
	"image_url" text,
	"iana_zone" text,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_person_type_check" CHECK ("accounts"."person_type" in (1, 2)),
	CONSTRAINT "accounts_login_provider_check" CHECK ("accounts"."login_provider" in (1, 2)),
	CONSTRAINT "accounts_role_check" CHECK (("accounts"."person_type" = 1 and "accounts"."role" is null) or ("accounts"."person_type" = 2 and "accounts"."role" in ('Admin', 'Supervisor', 'User', 'New User')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree ("person_type",lower("email_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_name_key" ON "accounts" USING btree ("person_type",lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_google_subject_key" ON "accounts" USING btree ("google_subject");--> statement-breakpoint
CREATE INDEX "accounts_staff_idx" ON "accounts" USING btree ("person_type","role","created_at");