ALTER TABLE "books" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_isbn_normalised_check" CHECK ("books"."isbn" ~ '^([0-9]{9}[0-9X]|[0-9]{13})$');--> statement-breakpoint
DROP INDEX "books_title_filters_idx";--> statement-breakpoint
CREATE INDEX "books_title_filters_idx" ON "books" USING btree ("title","id","discounted_price_fils","stock_quantity","discount_percentage") WHERE "books"."is_active";--> statement-breakpoint
CREATE INDEX "books_created_at_idx" ON "books" USING btree ("created_at","id");
