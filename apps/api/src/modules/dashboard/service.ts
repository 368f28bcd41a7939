import type { Dashboard, DashboardRange } from '@bookshop/contracts/dashboard';
import { ORDER_STATUS_NAMES, ORDER_STATUSES } from '@bookshop/contracts/orders';
import { filsToAed } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { bookTitles, dashboardFigures, settledFigures, type DayFigures } from './queries.ts';

const DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

export type DashboardService = ReturnType<typeof createDashboardService>;

/** A book's copies and revenue over some days. */
type BookSales = { bookId: number; copies: number; revenueFils: number };

/** The settled days of a range, summed once and kept while nothing changed them (decision 099). */
type Settled = {
  /** `first|last` of the settled days. */
  days: string;
  generation: number;
  byStatus: Map<number, number>;
  byDay: { date: string; revenueFils: number; paidOrders: number }[];
  /** Best first, in the dashboard's order. */
  books: BookSales[];
  byBook: Map<number, BookSales>;
};

const BEST_SELLERS = 10;
const NONE: DayFigures = { generation: 0, by_status: null, by_day: null, books: null };

/** The dashboard's order of best sellers: copies, then revenue, then the older book first. */
const bestFirst = (a: BookSales, b: BookSales) =>
  b.copies - a.copies || b.revenueFils - a.revenueFils || a.bookId - b.bookId;

function booksOf(figures: DayFigures): BookSales[] {
  // Three empty aggregates (nulls) when no book sold in the days.
  const [ids, copies, revenue] = figures.books ?? [null, null, null];
  if (!ids || !copies || !revenue) return [];
  return ids.map((bookId, i) => ({ bookId, copies: copies[i]!, revenueFils: Number(revenue[i]) }));
}

function settledOf(figures: DayFigures, days: string): Settled {
  const books = booksOf(figures).sort(bestFirst);
  return {
    days,
    generation: Number(figures.generation),
    byStatus: new Map((figures.by_status ?? []).map((s) => [s.status, s.count])),
    byDay: (figures.by_day ?? []).map((d) => ({ ...d, revenueFils: Number(d.revenueFils) })),
    books,
    byBook: new Map(books.map((book) => [book.bookId, book])),
  };
}

/** A range read live from its first day. */
const NO_SETTLED_DAYS = settledOf(NONE, '');

/** The ten best sellers of settled and live days together; a book sold on both is summed. */
function bestSellers(settled: Settled, live: BookSales[]): BookSales[] {
  const liveIds = new Set(live.map((book) => book.bookId));
  const candidates = live.map((book) => {
    const before = settled.byBook.get(book.bookId);
    return before
      ? { bookId: book.bookId, copies: before.copies + book.copies, revenueFils: before.revenueFils + book.revenueFils }
      : book;
  });
  // Of the books sold on settled days only, none beyond the first ten of their own order can place.
  let taken = 0;
  for (const book of settled.books) {
    if (taken === BEST_SELLERS) break;
    if (liveIds.has(book.bookId)) continue;
    candidates.push(book);
    taken += 1;
  }
  return candidates.sort(bestFirst).slice(0, BEST_SELLERS);
}

/**
 * The admin dashboard's figures (decision 033), from SQL. The days before yesterday change rarely
 * (a refund, a cash order collected), so their sums are kept per range and reused while
 * dashboard_generation — counted up by triggers in the transaction of any change to such a day —
 * reads the same in the statement that sums today and yesterday (decision 099): the answer is
 * exactly what one statement over the whole range would give at that moment. Calls for a range
 * that arrive while that range's statements run share their answer (decision 038).
 */
export function createDashboardService({ db, now = () => new Date() }: { db: Tx; now?: () => Date }) {
  const inFlight = new Map<DashboardRange, Promise<Dashboard>>();
  const kept = new Map<DashboardRange, Settled>();

  /** The settled days' sums read at `generation`, from the kept ones or summed now; undefined if they moved meanwhile. */
  async function settledDays(range: DashboardRange, first: string, last: string, generation: number) {
    const days = `${first}|${last}`;
    const held = kept.get(range);
    if (held?.days === days && held.generation === generation) return held;
    const fresh = settledOf(await settledFigures(db, first, last), days);
    kept.set(range, fresh);
    return fresh.generation === generation ? fresh : undefined;
  }

  async function compute(range: DashboardRange): Promise<Dashboard> {
    for (;;) {
      const row = await dashboardFigures(db, now(), DAYS[range]);
      const live = settledOf(row, '');
      let settled: Settled | undefined = NO_SETTLED_DAYS;
      if (row.live_from > row.from) {
        settled = await settledDays(range, row.from, previousDay(row.live_from), live.generation);
        // A settled day changed between the two statements: read both again.
        if (!settled) continue;
      }
      return answer(range, row, live, settled);
    }
  }

  async function answer(
    range: DashboardRange,
    row: { from: string; to: string; new_customers: number; low_stock: Dashboard['lowStock'] | null },
    live: Settled,
    settled: Settled,
  ): Promise<Dashboard> {
    const byDay = [...settled.byDay, ...live.byDay];
    const revenueFils = byDay.reduce((total, day) => total + day.revenueFils, 0);
    const paidOrders = byDay.reduce((total, day) => total + day.paidOrders, 0);
    const best = bestSellers(settled, live.books);
    const titles = await bookTitles(
      db,
      best.map((book) => book.bookId),
    );
    return {
      range,
      from: row.from,
      to: row.to,
      revenue: filsToAed(revenueFils),
      paidOrders,
      averageOrderValue: paidOrders === 0 ? 0 : filsToAed(Math.round(revenueFils / paidOrders)),
      newCustomers: Number(row.new_customers),
      ordersByStatus: ORDER_STATUSES.map((status) => ({
        status,
        statusName: ORDER_STATUS_NAMES[status],
        count: (settled.byStatus.get(status) ?? 0) + (live.byStatus.get(status) ?? 0),
      })),
      bestSellers: best.map((b) => ({
        bookId: b.bookId,
        title: titles.get(b.bookId) ?? '',
        copies: b.copies,
        revenue: filsToAed(b.revenueFils),
      })),
      lowStock: row.low_stock ?? [],
      revenueByDay: byDay.map((d) => ({
        date: d.date.slice(0, 10),
        revenue: filsToAed(d.revenueFils),
        paidOrders: d.paidOrders,
      })),
    };
  }

  return {
    get(range: DashboardRange): Promise<Dashboard> {
      const running = inFlight.get(range);
      if (running) return running;
      const answer = compute(range).finally(() => inFlight.delete(range));
      inFlight.set(range, answer);
      return answer;
    },
  };
}

/** The ISO day before an ISO day. */
function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
