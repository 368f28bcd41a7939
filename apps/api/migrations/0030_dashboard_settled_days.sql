CREATE TABLE "dashboard_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_generation_one_row" CHECK ("dashboard_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "dashboard_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
-- Hand-written (decision 099): the dashboard keeps what it summed of the days before yesterday
-- while dashboard_generation stays the same, so every change that touches a day before the
-- writer's own Dubai day counts one, in the change's transaction. A day is an order's creation
-- day (orders by status) and its payment day (revenue, paid orders, book_sales_by_day). Changes
-- of today alone (placing, paying, expiring today's checkouts) count nothing, so the row is not
-- one hot row for every checkout. Statement-level triggers over the transition tables: one count
-- per statement, however many rows it wrote (the bench's million orders are one statement).
CREATE FUNCTION dashboard_count_change() RETURNS void LANGUAGE sql AS $$
  UPDATE dashboard_generation SET generation = generation + 1 WHERE id = 1
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_today() RETURNS date LANGUAGE sql VOLATILE AS $$
  SELECT (clock_timestamp() AT TIME ZONE 'Asia/Dubai')::date
$$;
--> statement-breakpoint
CREATE FUNCTION orders_dashboard_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed c
             WHERE least((c.created_at AT TIME ZONE 'Asia/Dubai')::date,
                         (c.paid_at AT TIME ZONE 'Asia/Dubai')::date) < dashboard_today()) THEN
    PERFORM dashboard_count_change();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION orders_dashboard_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows o JOIN after_rows n ON n.id = o.id
             WHERE (o.status, o.created_at, o.paid_at, o.total_fils)
                   IS DISTINCT FROM (n.status, n.created_at, n.paid_at, n.total_fils)
               AND least((o.created_at AT TIME ZONE 'Asia/Dubai')::date, (o.paid_at AT TIME ZONE 'Asia/Dubai')::date,
                         (n.created_at AT TIME ZONE 'Asia/Dubai')::date, (n.paid_at AT TIME ZONE 'Asia/Dubai')::date)
                   < dashboard_today()) THEN
    PERFORM dashboard_count_change();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION orders_dashboard_added();
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION orders_dashboard_added();
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_dashboard_updated();
--> statement-breakpoint
CREATE FUNCTION book_sales_dashboard_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed c WHERE c.day < dashboard_today()) THEN
    PERFORM dashboard_count_change();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION book_sales_dashboard_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows c WHERE c.day < dashboard_today())
     OR EXISTS (SELECT 1 FROM after_rows c WHERE c.day < dashboard_today()) THEN
    PERFORM dashboard_count_change();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER book_sales_dashboard_insert AFTER INSERT ON book_sales_by_day
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION book_sales_dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER book_sales_dashboard_delete AFTER DELETE ON book_sales_by_day
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION book_sales_dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER book_sales_dashboard_update AFTER UPDATE ON book_sales_by_day
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_sales_dashboard_updated();
--> statement-breakpoint
-- TRUNCATE fires no row triggers (the bench generator empties orders and book_sales_by_day).
CREATE FUNCTION dashboard_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_count_change();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_truncated();
--> statement-breakpoint
CREATE TRIGGER book_sales_dashboard_truncate AFTER TRUNCATE ON book_sales_by_day
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_truncated();
