-- The stock ledger (issue 22, decision 077): every change of a book's stock is a movement, and a
-- book's movements add up to its stock. Books already here start their ledger with one 'initial'
-- movement of the stock they have now (0 included), dated when the ledger began.
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"stock_after" integer NOT NULL,
	"order_id" integer,
	"return_id" integer,
	"staff_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('initial', 'received', 'sale', 'released', 'cancelled', 'returned', 'damaged', 'correction')),
	CONSTRAINT "stock_movements_delta_check" CHECK ("stock_movements"."delta" <> 0 or "stock_movements"."reason" = 'initial'),
	CONSTRAINT "stock_movements_stock_after_check" CHECK ("stock_movements"."stock_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_book_idx" ON "stock_movements" USING btree ("book_id","id");--> statement-breakpoint
INSERT INTO "stock_movements" ("book_id", "delta", "reason", "stock_after", "note")
SELECT "id", "stock_quantity", 'initial', "stock_quantity", 'Stock when the ledger began'
FROM "books"
ORDER BY "id";
