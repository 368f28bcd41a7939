CREATE TABLE "book_sales_by_day" (
	"day" date NOT NULL,
	"book_id" integer NOT NULL,
	"copies" integer NOT NULL,
	"revenue_fils" bigint NOT NULL,
	CONSTRAINT "book_sales_by_day_day_book_id_pk" PRIMARY KEY("day","book_id")
);
--> statement-breakpoint
DROP INDEX "order_items_sales_idx";--> statement-breakpoint
-- Hand-written (decision 038): the triggers that keep book_sales_by_day equal to the lines of the
-- Completed orders, grouped by book and Dubai day of payment, in the transaction of every change.
-- Lines are applied grouped and in (day, book) order, so two transactions upsert shared rows in the
-- same order and cannot deadlock each other here.
CREATE FUNCTION book_sales_apply(order_id integer, paid_at timestamptz, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO book_sales_by_day AS s (day, book_id, copies, revenue_fils)
  SELECT (paid_at AT TIME ZONE 'Asia/Dubai')::date, i.book_id,
         sign * sum(i.quantity), sign * sum(i.quantity::bigint * i.discounted_price_fils)
  FROM order_items i
  WHERE i.order_id = book_sales_apply.order_id
  GROUP BY i.book_id
  ORDER BY i.book_id
  ON CONFLICT (day, book_id) DO UPDATE
    SET copies = s.copies + excluded.copies, revenue_fils = s.revenue_fils + excluded.revenue_fils
$$;
--> statement-breakpoint
-- An order enters the figures when it becomes Completed and leaves them when it stops being
-- Completed (a refund cancels it); a changed payment time moves it between days.
CREATE FUNCTION orders_book_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 2 AND OLD.paid_at IS NOT NULL THEN
    PERFORM book_sales_apply(OLD.id, OLD.paid_at, -1);
  END IF;
  IF NEW.status = 2 AND NEW.paid_at IS NOT NULL THEN
    PERFORM book_sales_apply(NEW.id, NEW.paid_at, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_book_sales_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status = 2) EXECUTE FUNCTION orders_book_sales();
--> statement-breakpoint
CREATE TRIGGER orders_book_sales_update AFTER UPDATE OF status, paid_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at)
  EXECUTE FUNCTION orders_book_sales();
--> statement-breakpoint
-- Lines written into an order that is already Completed (imports, the bench data, fixtures).
-- Order lines are never updated or deleted while their order exists (decision 028).
CREATE FUNCTION order_items_book_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_sales_by_day AS s (day, book_id, copies, revenue_fils)
  SELECT (o.paid_at AT TIME ZONE 'Asia/Dubai')::date, a.book_id,
         sum(a.quantity), sum(a.quantity::bigint * a.discounted_price_fils)
  FROM added a JOIN orders o ON o.id = a.order_id
  WHERE o.status = 2 AND o.paid_at IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (day, book_id) DO UPDATE
    SET copies = s.copies + excluded.copies, revenue_fils = s.revenue_fils + excluded.revenue_fils;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_book_sales AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION order_items_book_sales();
--> statement-breakpoint
INSERT INTO book_sales_by_day (day, book_id, copies, revenue_fils)
SELECT (o.paid_at AT TIME ZONE 'Asia/Dubai')::date, i.book_id, sum(i.quantity), sum(i.quantity::bigint * i.discounted_price_fils)
FROM orders o JOIN order_items i ON i.order_id = o.id
WHERE o.status = 2 AND o.paid_at IS NOT NULL
GROUP BY 1, 2;
