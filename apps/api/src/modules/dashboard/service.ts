import type { Dashboard, DashboardRange } from '@bookshop/contracts/dashboard';
import { ORDER_STATUS_NAMES, ORDER_STATUSES } from '@bookshop/contracts/orders';
import { filsToAed } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { dashboardFigures } from './queries.ts';

const DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The admin dashboard's figures (decision 033), straight from SQL: nothing is cached. Calls for a
 * range that arrive while that range's statement runs share its answer (decision 038), so staff
 * opening the dashboard together cost one statement, not one each queued on the same cores; the
 * answer they share was begun at most one statement earlier.
 */
export function createDashboardService({ db, now = () => new Date() }: { db: Tx; now?: () => Date }) {
  const inFlight = new Map<DashboardRange, Promise<Dashboard>>();

  async function compute(range: DashboardRange): Promise<Dashboard> {
    const row = await dashboardFigures(db, now(), DAYS[range]);
    const revenueFils = Number(row.revenue_fils);
    const paidOrders = Number(row.paid_orders);
    const counts = new Map((row.by_status ?? []).map((s) => [s.status, s.count]));
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
        count: counts.get(status) ?? 0,
      })),
      bestSellers: (row.best_sellers ?? []).map((b) => ({
        bookId: b.bookId,
        title: b.title,
        copies: b.copies,
        revenue: filsToAed(Number(b.revenueFils)),
      })),
      lowStock: row.low_stock ?? [],
      revenueByDay: (row.by_day ?? []).map((d) => ({
        date: d.date.slice(0, 10),
        revenue: filsToAed(Number(d.revenueFils)),
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
