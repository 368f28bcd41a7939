ALTER TABLE "authors" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "title_ar" text;