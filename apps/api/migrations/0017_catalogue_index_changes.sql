ALTER TABLE "books" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "books_changed_xid_idx" ON "books" USING btree ("changed_xid");--> statement-breakpoint
-- Every write to a book records its transaction, so the in-memory catalogue index can read only
-- the rows changed since its last look (decision 050); no write path has to remember to do it.
CREATE FUNCTION "books_mark_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_mark_changed" BEFORE UPDATE ON "books" FOR EACH ROW EXECUTE FUNCTION "books_mark_changed"();
