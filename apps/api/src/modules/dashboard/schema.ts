import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row counting changes to the dashboard's figures of days before yesterday (decision 099):
 * triggers of migration 0030 add one in the transaction of any change to an order, or to
 * book_sales_by_day, that touches a day before the writer's today. The dashboard keeps what it
 * summed of those settled days while this count stays the same.
 */
export const dashboardGeneration = pgTable(
  'dashboard_generation',
  {
    id: smallint('id').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('dashboard_generation_one_row', sql`${t.id} = 1`)],
);
