import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The background job table of platform/jobs.ts. It lives under modules/ only because
 * drizzle-kit reads modules/*\/schema.ts. A job is written in the same transaction as the
 * change that causes it (a transactional outbox), then run, and retried, by whichever instance
 * claims it first. Mail is the job kind `mail`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** At most one unfinished job per key (see the partial unique index): a second enqueue is ignored. */
    key: text('key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed job is hidden from other workers until then; a crashed worker's claim simply lapses. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * New with each claim: the worker holding it renews the lease and settles the job only while
     * the token is still its own, so a worker that lost its lease cannot overwrite a newer claim.
     */
    leaseToken: uuid('lease_token'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when retries are exhausted; the row stays for an operator to inspect and re-queue. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_unfinished_key')
      .on(t.key)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
);
