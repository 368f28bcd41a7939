import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@bookshop/contracts/constants';
import { OrderStatus, PersonType } from '@bookshop/contracts/enums';
import { rows, type Tx } from '../../platform/db.ts';

/** The shop's days, as a bound text parameter (`at time zone` also takes an interval). */
const zone = sql`${SHOP_TIME_ZONE}::text`;
/**
 * Named by their enums but written as literals, not bound: the partial indexes the dashboard reads
 * (`orders_paid_idx` where status = 2, `accounts_customer_created_idx`) match only a constant.
 */
const completed = sql.raw(String(OrderStatus.Completed));
const customer = sql.raw(String(PersonType.Customer));

/** Figures that add up day by day: orders by status (creation day), paid orders and revenue (payment day), copies per book. */
export type DayFigures = {
  generation: number;
  by_status: { status: number; count: number }[] | null;
  by_day: { date: string; revenueFils: number; paidOrders: number }[] | null;
  /** Every book sold in the days, as three parallel arrays: ids, copies, revenue in fils. */
  books: [number[] | null, number[] | null, number[] | null] | null;
};

/** The range, the figures that are not summed by day, and the days from `live_from` to `to` summed live. */
export type DashboardRow = DayFigures & {
  from: string;
  to: string;
  /** The first day read live; the days before it are settled and may be kept (decision 099). */
  live_from: string;
  new_customers: number;
  low_stock: { bookId: number; title: string; stockQuantity: number }[] | null;
};

/**
 * The day-by-day figures of the Dubai days from `first` to `last` (both included), with the
 * dashboard_generation they were read at: one statement, so one snapshot. Revenue counts orders
 * that are Completed now, by when they were paid; cancelled (refunded) orders are not Completed,
 * so they drop out. Copies per book come from the per-day table kept by triggers (decision 038).
 */
const dayFigures = (first: SQL, last: SQL) => sql`
  select
    (select generation from dashboard_generation where id = 1) as generation,
    (select json_agg(json_build_object('status', s.status, 'count', s.n))
       from (select o.status, count(*)::int as n from orders o
             where o.created_at >= ${first}::timestamp at time zone ${zone}
               and o.created_at < (${last} + 1)::timestamp at time zone ${zone}
             group by o.status) s) as by_status,
    (select json_agg(json_build_object('date', d.day::date::text, 'revenueFils', coalesce(p.revenue_fils, 0),
                                       'paidOrders', coalesce(p.n, 0)) order by d.day)
       from generate_series(${first}, ${last}, interval '1 day') as d(day)
       left join (select (o.paid_at at time zone ${zone})::date as day, sum(o.total_fils)::bigint as revenue_fils,
                         count(*)::int as n
                  from orders o
                  where o.status = ${completed}
                    and o.paid_at >= ${first}::timestamp at time zone ${zone}
                    and o.paid_at < (${last} + 1)::timestamp at time zone ${zone}
                  group by 1) p on p.day = d.day::date) as by_day,
    (select json_build_array(array_agg(b.book_id), array_agg(b.copies), array_agg(b.revenue_fils))
       from (select s.book_id, sum(s.copies)::int as copies, sum(s.revenue_fils)::bigint as revenue_fils
             from book_sales_by_day s
             where s.day between ${first} and ${last}
             group by s.book_id
             having sum(s.copies) > 0) b) as books`;

/**
 * Every figure of the dashboard for `days` Dubai days ending with the Dubai day of `now`
 * (decision 033), except that the days before `live_from` are left out of the day-by-day figures:
 * those are the days before today (in the first hour after midnight, before yesterday), which the
 * service may hold from an earlier call (decision 099). Hand-written SQL:
 * time-zone arithmetic, generate_series and JSON aggregates are what the query builder cannot say well.
 */
export async function dashboardFigures(tx: Tx, now: Date, days: number): Promise<DashboardRow> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  const first = sql`(${today} - ${days - 1}::int)`;
  // The settled days end before today, by the shop's clock and by the database's an hour ago,
  // whichever is earlier: writers count changes before their own today, and no transaction that
  // began before midnight is still open an hour after it (decision 099).
  const liveFrom = sql`greatest(${first}, least(${today}, ((statement_timestamp() - interval '1 hour') at time zone ${zone})::date))`;
  const [row] = await rows<DashboardRow>(
    tx,
    sql`select figures.*, ${first}::text as "from", ${today}::text as "to", ${liveFrom}::text as live_from,
          (select count(*)::int from accounts a
             where a.person_type = ${customer}
               and a.created_at >= ${first}::timestamp at time zone ${zone}
               and a.created_at < (${today} + 1)::timestamp at time zone ${zone}) as new_customers,
          (select json_agg(json_build_object('bookId', l.id, 'title', l.title, 'stockQuantity', l.stock_quantity)
                  order by l.stock_quantity, l.id)
             from (select id, title, stock_quantity from books
                   where stock_quantity <= 5 and is_active
                   order by stock_quantity, id limit 20) l) as low_stock
        from (${dayFigures(liveFrom, today)}) figures`,
  );
  return row!;
}

/** The day-by-day figures of the days from `first` to `last` (ISO dates, both included), in one snapshot. */
export async function settledFigures(tx: Tx, first: string, last: string): Promise<DayFigures> {
  const [row] = await rows<DayFigures>(tx, dayFigures(sql`${first}::date`, sql`${last}::date`));
  return row!;
}

/** The titles of these books, as they are now; a book deleted since is named by a line that sold it. */
export async function bookTitles(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; title: string }>(
    tx,
    sql`select s.id, coalesce(bk.title, (select i.title from order_items i where i.book_id = s.id limit 1)) as title
        from unnest(${`{${ids.join(',')}}`}::int[]) as s(id) left join books bk on bk.id = s.id`,
  );
  return new Map(found.map((row) => [row.id, row.title]));
}
