import { z } from 'zod';

/**
 * `GET v1/dashboard?range=today|7d|30d` (staff who may view orders): the figures of the admin
 * dashboard in one call, computed in SQL. Days start at midnight on the shop's clock
 * (`SHOP_TIME_ZONE`, Asia/Dubai); 'today' is the Dubai day so far, '7d' and '30d' end today and include it. Money is decimal AED.
 */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DashboardQuerySchema = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: `range must be one of ${DASHBOARD_RANGES.join(', ')}.` }).default('today'),
});

export const DashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** First day of the range and today, as Dubai dates (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Sum of paid (Completed) orders' totals whose payment falls in the range; refunded ones excluded. */
  revenue: z.number(),
  paidOrders: z.number().int(),
  /** revenue / paidOrders, 0 when there are none. */
  averageOrderValue: z.number(),
  /** Customer accounts created in the range. */
  newCustomers: z.number().int(),
  /** Orders created in the range, per status (every status present, 0 when none). */
  ordersByStatus: z.array(z.object({ status: z.number().int(), statusName: z.string(), count: z.number().int() })),
  /** The 10 books with the most copies in paid orders of the range, most first. */
  bestSellers: z.array(
    z.object({ bookId: z.number().int(), title: z.string(), copies: z.number().int(), revenue: z.number() }),
  ),
  /** Active books with 5 copies or fewer, fewest first (at most 20). */
  lowStock: z.array(z.object({ bookId: z.number().int(), title: z.string(), stockQuantity: z.number().int() })),
  /** One entry per Dubai day of the range, oldest first, days without sales included at 0. */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), paidOrders: z.number().int() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
