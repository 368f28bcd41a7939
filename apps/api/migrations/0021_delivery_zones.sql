-- Issue 22/23 (decision 079): UAE addresses carry their emirate and any address a recipient name;
-- an order's address snapshot carries both.
ALTER TABLE "customer_addresses" ADD COLUMN "emirate" text;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "emirate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_emirate_check" CHECK ("customer_addresses"."emirate" in ('Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'));--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_recipient_name_length_check" CHECK (char_length("customer_addresses"."recipient_name") between 1 and 100);--> statement-breakpoint
-- Existing UAE addresses get the emirate their city names (decision 079), normalised as
-- normalizePlaceName does (letter case, punctuation, 'City'/'Emirate of'; accents are not stripped
-- here, no stored city has them). The table is emirates.ts' TOWNS; what matches none stays null.
CREATE TEMPORARY TABLE "emirate_towns" ("town" text PRIMARY KEY, "emirate" text NOT NULL);--> statement-breakpoint
INSERT INTO "emirate_towns" ("town", "emirate") VALUES
  ('abu dhabi', 'Abu Dhabi'),
  ('abudhabi', 'Abu Dhabi'),
  ('al ain', 'Abu Dhabi'),
  ('alain', 'Abu Dhabi'),
  ('madinat zayed', 'Abu Dhabi'),
  ('ruwais', 'Abu Dhabi'),
  ('al ruwais', 'Abu Dhabi'),
  ('ghayathi', 'Abu Dhabi'),
  ('liwa', 'Abu Dhabi'),
  ('mussafah', 'Abu Dhabi'),
  ('musaffah', 'Abu Dhabi'),
  ('khalifa', 'Abu Dhabi'),
  ('mohammed bin zayed', 'Abu Dhabi'),
  ('mbz', 'Abu Dhabi'),
  ('al shahama', 'Abu Dhabi'),
  ('shahama', 'Abu Dhabi'),
  ('al wathba', 'Abu Dhabi'),
  ('yas island', 'Abu Dhabi'),
  ('saadiyat island', 'Abu Dhabi'),
  ('al reem island', 'Abu Dhabi'),
  ('reem island', 'Abu Dhabi'),
  ('al raha', 'Abu Dhabi'),
  ('al dhafra', 'Abu Dhabi'),
  ('sila', 'Abu Dhabi'),
  ('delma', 'Abu Dhabi'),
  ('أبوظبي', 'Abu Dhabi'),
  ('ابوظبي', 'Abu Dhabi'),
  ('أبو ظبي', 'Abu Dhabi'),
  ('العين', 'Abu Dhabi'),
  ('dubai', 'Dubai'),
  ('hatta', 'Dubai'),
  ('jebel ali', 'Dubai'),
  ('deira', 'Dubai'),
  ('bur dubai', 'Dubai'),
  ('jumeirah', 'Dubai'),
  ('al barsha', 'Dubai'),
  ('dubai marina', 'Dubai'),
  ('al quoz', 'Dubai'),
  ('karama', 'Dubai'),
  ('al karama', 'Dubai'),
  ('mirdif', 'Dubai'),
  ('dubai silicon oasis', 'Dubai'),
  ('international', 'Dubai'),
  ('jlt', 'Dubai'),
  ('business bay', 'Dubai'),
  ('دبي', 'Dubai'),
  ('sharjah', 'Sharjah'),
  ('khor fakkan', 'Sharjah'),
  ('khorfakkan', 'Sharjah'),
  ('kalba', 'Sharjah'),
  ('dibba al hisn', 'Sharjah'),
  ('al dhaid', 'Sharjah'),
  ('dhaid', 'Sharjah'),
  ('madam', 'Sharjah'),
  ('mleiha', 'Sharjah'),
  ('al hamriyah', 'Sharjah'),
  ('الشارقة', 'Sharjah'),
  ('خورفكان', 'Sharjah'),
  ('ajman', 'Ajman'),
  ('masfout', 'Ajman'),
  ('al manama', 'Ajman'),
  ('عجمان', 'Ajman'),
  ('umm al quwain', 'Umm Al Quwain'),
  ('umm al qaiwain', 'Umm Al Quwain'),
  ('uaq', 'Umm Al Quwain'),
  ('falaj al mualla', 'Umm Al Quwain'),
  ('أم القيوين', 'Umm Al Quwain'),
  ('ام القيوين', 'Umm Al Quwain'),
  ('ras al khaimah', 'Ras Al Khaimah'),
  ('ras al khaima', 'Ras Al Khaimah'),
  ('rak', 'Ras Al Khaimah'),
  ('al jazirah al hamra', 'Ras Al Khaimah'),
  ('digdaga', 'Ras Al Khaimah'),
  ('khatt', 'Ras Al Khaimah'),
  ('al rams', 'Ras Al Khaimah'),
  ('rams', 'Ras Al Khaimah'),
  ('shaam', 'Ras Al Khaimah'),
  ('رأس الخيمة', 'Ras Al Khaimah'),
  ('راس الخيمة', 'Ras Al Khaimah'),
  ('fujairah', 'Fujairah'),
  ('al fujairah', 'Fujairah'),
  ('dibba al fujairah', 'Fujairah'),
  ('al bidyah', 'Fujairah'),
  ('bidyah', 'Fujairah'),
  ('qidfa', 'Fujairah'),
  ('mirbah', 'Fujairah'),
  ('murbah', 'Fujairah'),
  ('الفجيرة', 'Fujairah');--> statement-breakpoint
UPDATE "customer_addresses" AS a SET "emirate" = t.emirate
FROM "emirate_towns" AS t
WHERE a."country" = 'AE' AND a."emirate" IS NULL
  AND regexp_replace(regexp_replace(trim(regexp_replace(lower(a."city"), '[^[:alnum:]]+', ' ', 'g')), '^(the )?emirate of ', ''), ' (city|emirate)$', '') = t.town;--> statement-breakpoint
-- Orders placed before keep their snapshot honest: the emirate their address names, the same way.
UPDATE "orders" AS o SET "emirate" = t.emirate
FROM "emirate_towns" AS t
WHERE o."country" = 'AE' AND o."emirate" IS NULL
  AND regexp_replace(regexp_replace(trim(regexp_replace(lower(o."city"), '[^[:alnum:]]+', ' ', 'g')), '^(the )?emirate of ', ''), ' (city|emirate)$', '') = t.town;--> statement-breakpoint
DROP TABLE "emirate_towns";
--> statement-breakpoint
-- What staff are to be told, mailed to STAFF_NOTIFY_EMAIL at most once a minute (decision 079).
CREATE TABLE "staff_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "staff_notifications_unsent_idx" ON "staff_notifications" USING btree ("id") WHERE "staff_notifications"."sent_at" is null;