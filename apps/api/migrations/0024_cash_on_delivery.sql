-- Cash on delivery (issue 22, decision 081): the fee is its own line of the order.
ALTER TABLE "orders" ADD COLUMN "cod_fee_fils" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."delivery_fee_fils" >= 0 and "orders"."cod_fee_fils" >= 0 and "orders"."items_total_fils" >= 0 and "orders"."discount_total_fils" >= 0 and "orders"."total_fils" >= 0);
