CREATE TABLE "short_links" (
	"id" varchar(8) PRIMARY KEY NOT NULL,
	"target_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_target_path_key" ON "short_links" USING btree ("target_path");