-- Back-in-stock alerts (issue 22, decision 082): a customer waiting for a sold-out book; the row is used up (deleted)
-- by the job that queues the e-mail.
CREATE TABLE "stock_alerts" (
	"customer_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_customer_id_book_id_pk" PRIMARY KEY("customer_id","book_id")
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_customer_id_accounts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_book_idx" ON "stock_alerts" USING btree ("book_id");
