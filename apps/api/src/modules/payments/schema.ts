import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One line of a sandbox session, as the hosted page shows it. */
export type SandboxLine = {
  name: string;
  unitAmountFils: number;
  quantity: number;
  imageUrl?: string;
  /** The delivery fee's own line. */
  delivery?: boolean;
};

/**
 * The sandbox provider's Checkout Sessions (sandbox-provider.ts): what Stripe would keep on its
 * side, kept here when the shop runs without Stripe keys. Status and payment status use Stripe's
 * words; a session is paid at most once (an UPDATE guarded by status = 'open').
 */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    /** `cs_test_…`, as Stripe's test-mode ids. */
    id: text('id').primaryKey(),
    /** The same key answers the same session, as Stripe's Idempotency-Key does. */
    idempotencyKey: text('idempotency_key').notNull(),
    clientReferenceId: text('client_reference_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    customerEmail: text('customer_email'),
    lineItems: jsonb('line_items').$type<SandboxLine[]>().notNull(),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    paymentStatus: text('payment_status').$type<'paid' | 'unpaid'>().notNull().default('unpaid'),
    paymentIntent: text('payment_intent'),
    /** The name and e-mail typed on the hosted page (Stripe's customer_details). */
    customerDetails: jsonb('customer_details').$type<{ email: string; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_checkout_sessions_idempotency_key_idx').on(t.idempotencyKey),
    index('sandbox_checkout_sessions_client_reference_idx').on(t.clientReferenceId),
    check('sandbox_checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('sandbox_checkout_sessions_payment_status_check', sql`${t.paymentStatus} in ('paid', 'unpaid')`),
  ],
);

/**
 * The sandbox's refunds (`re_test_…`): as with Stripe, a payment takes several partial refunds
 * (one per return, then a cancellation's rest) up to what was paid, and the same idempotency key
 * answers the same refund.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sandboxCheckoutSessions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('sandbox_refunds_session_idx').on(t.sessionId),
    check('sandbox_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
