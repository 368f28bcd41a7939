CREATE TABLE "tax_document_counters" (
	"type" text NOT NULL,
	"year" smallint NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_document_counters_type_year_pk" PRIMARY KEY("type","year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"corrects_id" integer,
	"return_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_on" date NOT NULL,
	"emirate" text,
	"net_fils" integer NOT NULL,
	"vat_fils" integer NOT NULL,
	"total_fils" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "tax_documents_type_check" CHECK ("tax_documents"."type" in ('invoice', 'credit-note')),
	CONSTRAINT "tax_documents_sum_check" CHECK ("tax_documents"."net_fils" + "tax_documents"."vat_fils" = "tax_documents"."total_fils"),
	CONSTRAINT "tax_documents_credit_note_check" CHECK (("tax_documents"."type" = 'invoice') = ("tax_documents"."corrects_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_corrects_id_tax_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sequence_key" ON "tax_documents" USING btree ("type","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."type" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_return_key" ON "tax_documents" USING btree ("return_id") WHERE "tax_documents"."return_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_cancellation_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."type" = 'credit-note' and "tax_documents"."return_id" is null;--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_on","id");