ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;
--> statement-breakpoint
UPDATE "orders" SET "refund_status" = 'refunded' WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_check" CHECK ("orders"."refund_status" in ('pending', 'refunded', 'failed'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_accounts_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at","total_fils","id") WHERE "orders"."status" = 2;
--> statement-breakpoint
CREATE INDEX "orders_created_status_idx" ON "orders" USING btree ("created_at","status");
--> statement-breakpoint
CREATE INDEX "accounts_customer_created_idx" ON "accounts" USING btree ("created_at") WHERE "accounts"."person_type" = 1;
--> statement-breakpoint
CREATE INDEX "books_low_stock_idx" ON "books" USING btree ("stock_quantity","id") WHERE "books"."stock_quantity" <= 5;
--> statement-breakpoint
CREATE INDEX "order_items_sales_idx" ON "order_items" USING btree ("order_id","book_id","quantity","discounted_price_fils");
