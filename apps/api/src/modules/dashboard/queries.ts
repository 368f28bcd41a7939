import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@bookshop/contracts/constants';
import { rows, type Tx } from '../../platform/db.ts';

/** The shop's days, as a bound text parameter (`at time zone` also takes an interval). */
const zone = sql`${SHOP_TIME_ZONE}::text`;

export type DashboardRow = {
  from: string;
  to: string;
  revenue_fils: number;
  paid_orders: number;
  new_customers: number;
  by_status: { status: number; count: number }[] | null;
  best_sellers: { bookId: number; title: string; copies: number; revenueFils: number }[] | null;
  low_stock: { bookId: number; title: string; stockQuantity: number }[] | null;
  by_day: { date: string; revenueFils: number; paidOrders: number }[] | null;
};

/**
 * Every figure of the dashboard in one statement (decision 033): `days` Dubai days ending with
 * the Dubai day of `now`. Revenue counts orders that are Completed now, by when they were paid;
 * cancelled (refunded) orders are not Completed, so they drop out. Hand-written SQL: time-zone
 * arithmetic, generate_series and JSON aggregates are what the query builder cannot say well.
 */
export async function dashboardFigures(tx: Tx, now: Date, days: number): Promise<DashboardRow> {
  const [row] = await rows<DashboardRow>(
    tx,
    sql`with bounds as (
          select (${now.toISOString()}::timestamptz at time zone ${zone})::date - ${days - 1}::int as first_day,
                 (${now.toISOString()}::timestamptz at time zone ${zone})::date as last_day
        ), span as (
          select first_day, last_day,
                 first_day::timestamp at time zone ${zone} as starts,
                 (last_day + 1)::timestamp at time zone ${zone} as ends
          from bounds
        ), paid as (
          select o.id, o.total_fils, (o.paid_at at time zone ${zone})::date as day
          from orders o, span
          where o.status = 2 and o.paid_at >= span.starts and o.paid_at < span.ends
        ), best as (
          -- From the per-day sales kept by triggers (decision 038): at most 30 days × books sold.
          select s.book_id, sum(s.copies)::int as copies, sum(s.revenue_fils)::bigint as revenue_fils
          from book_sales_by_day s, span
          where s.day between span.first_day and span.last_day
          group by s.book_id
          having sum(s.copies) > 0
          order by copies desc, revenue_fils desc, s.book_id
          limit 10
        )
        select
          (select first_day::text from span) as "from",
          (select last_day::text from span) as "to",
          (select coalesce(sum(total_fils), 0)::bigint from paid) as revenue_fils,
          (select count(*)::int from paid) as paid_orders,
          (select count(*)::int from accounts a, span
             where a.person_type = 1 and a.created_at >= span.starts and a.created_at < span.ends) as new_customers,
          (select json_agg(json_build_object('status', s.status, 'count', s.n))
             from (select o.status, count(*)::int as n from orders o, span
                   where o.created_at >= span.starts and o.created_at < span.ends group by o.status) s) as by_status,
          (select json_agg(json_build_object(
                    'bookId', b.book_id,
                    'title', coalesce(bk.title, (select i.title from order_items i where i.book_id = b.book_id limit 1)),
                    'copies', b.copies, 'revenueFils', b.revenue_fils)
                  order by b.copies desc, b.revenue_fils desc, b.book_id)
             from best b left join books bk on bk.id = b.book_id) as best_sellers,
          (select json_agg(json_build_object('bookId', l.id, 'title', l.title, 'stockQuantity', l.stock_quantity)
                  order by l.stock_quantity, l.id)
             from (select id, title, stock_quantity from books
                   where stock_quantity <= 5 and is_active
                   order by stock_quantity, id limit 20) l) as low_stock,
          (select json_agg(json_build_object('date', d.day::text, 'revenueFils', coalesce(p.revenue_fils, 0),
                                             'paidOrders', coalesce(p.n, 0)) order by d.day)
             from span, generate_series(span.first_day, span.last_day, interval '1 day') as d(day)
             left join (select day, sum(total_fils)::bigint as revenue_fils, count(*)::int as n from paid group by day) p
               on p.day = d.day::date) as by_day`,
  );
  return row!;
}
