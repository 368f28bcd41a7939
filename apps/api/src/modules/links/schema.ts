import { pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Short links to pages of this shop (docs/decisions/042-short-links.md). The target is kept
 * relative to the shop's origin (path, query and fragment), so a new PUBLIC_URL host keeps
 * every link working; its unique index makes "same address, same id" hold under concurrency.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    /** 8 random base64url characters (48 bits). */
    id: varchar('id', { length: 8 }).primaryKey(),
    targetPath: text('target_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('short_links_target_path_key').on(t.targetPath)],
);
