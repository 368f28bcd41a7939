CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_authors" (
	"book_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_authors_book_id_author_id_pk" PRIMARY KEY("book_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "book_genres" (
	"book_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "book_genres_book_id_genre_id_pk" PRIMARY KEY("book_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "book_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"position" integer NOT NULL,
	"image_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"isbn" text NOT NULL,
	"price_fils" integer NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"discounted_price_fils" integer GENERATED ALWAYS AS (round(price_fils * (100 - discount_percentage) / 100)::integer) STORED,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"next_day_eligible" boolean DEFAULT false NOT NULL,
	"rating_average" numeric(3, 2) DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"main_image_index" integer DEFAULT 0 NOT NULL,
	"author_names" text DEFAULT '' NOT NULL,
	"genre_names" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', author_names), 'B') || setweight(to_tsvector('simple', genre_names), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || author_names || ' ' || genre_names)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_price_check" CHECK ("books"."price_fils" >= 0),
	CONSTRAINT "books_discount_check" CHECK ("books"."discount_percentage" >= 0 and "books"."discount_percentage" <= 100),
	CONSTRAINT "books_stock_check" CHECK ("books"."stock_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_images" ADD CONSTRAINT "book_images_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_name_lower_key" ON "authors" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "book_genres_genre_idx" ON "book_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "book_images_book_position_key" ON "book_images" USING btree ("book_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "books_title_lower_key" ON "books" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn_key" ON "books" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "books_title_id_idx" ON "books" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "books_discounted_price_idx" ON "books" USING btree ("discounted_price_fils");--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_search_text_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_lower_key" ON "genres" USING btree (lower("name"));