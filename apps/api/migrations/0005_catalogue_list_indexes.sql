DROP INDEX "books_title_id_idx";--> statement-breakpoint
DROP INDEX "book_authors_author_idx";--> statement-breakpoint
DROP INDEX "book_genres_genre_idx";--> statement-breakpoint
CREATE INDEX "books_title_filters_idx" ON "books" USING btree ("title","id","discounted_price_fils","stock_quantity","discount_percentage");--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id","book_id");--> statement-breakpoint
CREATE INDEX "book_genres_genre_idx" ON "book_genres" USING btree ("genre_id","book_id");