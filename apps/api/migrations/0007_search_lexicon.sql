CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_lexicon_word_prefix_idx" ON "search_lexicon" USING btree ("word" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "books" DROP COLUMN "search_text";--> statement-breakpoint
INSERT INTO "search_lexicon" ("word")
SELECT DISTINCT word FROM "books", unnest(tsvector_to_array("search_vector")) AS word
ON CONFLICT DO NOTHING;
