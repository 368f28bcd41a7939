import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Provider webhook events already acted on, recorded in the transaction of their effect: a replay changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: integer('order_id'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
