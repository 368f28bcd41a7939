import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db.ts';
import {
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderSession,
  type Refund,
  RefundRefusedError,
} from './provider.ts';
import { type SandboxLine, sandboxCheckoutSessions, sandboxRefunds } from './schema.ts';
import { type StripeSessionJson, toProviderSession, verifyStripeEvent } from './stripe-shapes.ts';

/** The job that delivers a sandbox event to the webhook endpoint, as Stripe would. */
export const WEBHOOK_DELIVERY_JOB = 'payments.webhook-delivery';
export type WebhookDeliveryPayload = { event: SandboxEvent };

/** The part of the jobs queue (platform/jobs.ts) payments uses. */
export type PaymentJobs = {
  enqueue(tx: Tx, kind: string, payload: unknown, options?: { key?: string }): Promise<void>;
  wake(): void;
};

type Row = typeof sandboxCheckoutSessions.$inferSelect;

/** A Checkout Session as Stripe serialises it in API answers and event payloads. */
export type SandboxSessionJson = StripeSessionJson & {
  amount_subtotal: number;
  cancel_url: string;
  created: number;
  customer_email: string | null;
  customer_details: { email: string; name: string } | null;
  livemode: false;
  mode: 'payment';
  success_url: string;
};

/** An event in Stripe's shape (`evt_…`), as Stripe POSTs it to a webhook endpoint. */
export type SandboxEvent = {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: SandboxSessionJson };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Letters and digits only: URL-safe, and inside the `cs_[A-Za-z0-9_]+` the checkout API accepts. */
export const randomStripeId = (prefix: string, length = 32) =>
  prefix + Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export type SandboxProviderOptions = {
  db: Database;
  jobs: PaymentJobs;
  webhookSecret: string;
  /** The clock (tests move it). */
  now?: () => Date;
};

export type SandboxProvider = PaymentProvider & {
  /** The stored session, or undefined; `status` already says 'expired' once expires_at passed. */
  findSession(sessionId: string): Promise<SandboxSessionView | undefined>;
  /**
   * The customer paid on the hosted page: marks the session complete and paid (only if it is open
   * and unexpired) and, in the same transaction, enqueues the checkout.session.completed delivery.
   */
  completePayment(sessionId: string, customer: { email: string; name: string }): Promise<CompleteResult>;
};

export type SandboxSessionView = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  lines: SandboxLine[];
  amountTotalFils: number;
  customerEmail: string | null;
  metadata: Record<string, string>;
  expiresAt: Date;
  /** Where the customer goes after paying and on Cancel, `{CHECKOUT_SESSION_ID}` filled in. */
  successUrl: string;
  cancelUrl: string;
};

export type CompleteResult =
  | { outcome: 'paid'; session: SandboxSessionView }
  | { outcome: 'already-paid'; session: SandboxSessionView }
  | { outcome: 'expired'; session: SandboxSessionView }
  | { outcome: 'not-found' };

/** The sandbox: Stripe's behaviour for the calls checkout makes, kept in our own database. */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { db, jobs, webhookSecret } = options;
  const now = options.now ?? (() => new Date());
  // A path: the page opens on whichever origin the customer browses the shop by (decision 070).
  const pageUrl = (id: string) => `/sandbox/checkout/${id}`;

  /** Stripe expires a session itself at expires_at; the sandbox says so on every read. */
  const effectiveStatus = (row: Row) =>
    row.status === 'open' && row.expiresAt.getTime() <= now().getTime() ? 'expired' : row.status;

  function toJson(row: Row): SandboxSessionJson {
    const status = effectiveStatus(row);
    return {
      id: row.id,
      object: 'checkout.session',
      amount_subtotal: row.amountTotal,
      amount_total: row.amountTotal,
      cancel_url: row.cancelUrl,
      client_reference_id: row.clientReferenceId,
      created: seconds(row.createdAt),
      currency: row.currency,
      customer_email: row.customerEmail,
      customer_details: row.customerDetails ?? null,
      expires_at: seconds(row.expiresAt),
      livemode: false,
      metadata: row.metadata,
      mode: 'payment',
      payment_intent: row.paymentIntent,
      payment_status: row.paymentStatus,
      status,
      success_url: row.successUrl,
      url: status === 'open' ? pageUrl(row.id) : null,
    };
  }

  const toSession = (row: Row): ProviderSession => toProviderSession(toJson(row));
  const toView = (row: Row): SandboxSessionView => ({
    id: row.id,
    status: effectiveStatus(row),
    lines: row.lineItems,
    amountTotalFils: row.amountTotal,
    customerEmail: row.customerEmail,
    metadata: row.metadata,
    expiresAt: row.expiresAt,
    successUrl: row.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', row.id),
    cancelUrl: row.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', row.id),
  });

  async function findRow(sessionId: string, tx: Tx = db) {
    const [row] = await tx.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
    return row;
  }

  const table = sandboxCheckoutSessions;

  return {
    name: 'sandbox',
    hostedOnShop: true,

    async createSession(input: CreateSessionInput) {
      const lines: SandboxLine[] = input.lines.map((line) => ({
        name: line.title,
        unitAmountFils: line.unitAmountFils,
        quantity: line.quantity,
        ...(line.imageUrl && { imageUrl: line.imageUrl }),
      }));
      if (input.delivery.amountFils > 0) {
        lines.push({
          name: input.delivery.name,
          unitAmountFils: input.delivery.amountFils,
          quantity: 1,
          delivery: true,
        });
      }
      // What Stripe would refuse with a 400 is a programming error here too.
      if (lines.length === 0) throw new Error('A checkout session needs at least one line');
      for (const line of lines) {
        if (!Number.isInteger(line.unitAmountFils) || line.unitAmountFils < 0) {
          throw new Error(`Invalid unit amount ${line.unitAmountFils} for "${line.name}"`);
        }
        if (!Number.isInteger(line.quantity) || line.quantity < 1) {
          throw new Error(`Invalid quantity ${line.quantity} for "${line.name}"`);
        }
      }
      const inserted = await db
        .insert(table)
        .values({
          id: randomStripeId('cs_test_', 58),
          idempotencyKey: input.idempotencyKey,
          clientReferenceId: String(input.orderId),
          metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
          customerEmail: input.customerEmail,
          lineItems: lines,
          amountTotal: lines.reduce((sum, line) => sum + line.unitAmountFils * line.quantity, 0),
          currency: 'aed',
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          createdAt: now(),
          expiresAt: input.expiresAt,
        })
        // The same idempotency key answers the session made the first time, as on Stripe.
        .onConflictDoNothing({ target: table.idempotencyKey })
        .returning();
      const row =
        inserted[0] ?? (await db.select().from(table).where(eq(table.idempotencyKey, input.idempotencyKey)))[0];
      if (!row) throw new Error(`Sandbox session for idempotency key ${input.idempotencyKey} vanished`);
      return toSession(row);
    },

    async retrieveSession(sessionId) {
      const row = await findRow(sessionId);
      return row && toSession(row);
    },

    async expireSession(sessionId) {
      // As on Stripe: only an open session expires; a paid (or expired) one is answered as it is.
      const [expired] = await db
        .update(table)
        .set({ status: 'expired' })
        .where(and(eq(table.id, sessionId), eq(table.status, 'open')))
        .returning();
      const row = expired ?? (await findRow(sessionId));
      if (!row) throw new Error(`No such checkout.session: '${sessionId}'`);
      return toSession(row);
    },

    async refund(input): Promise<Refund> {
      // The session's row is locked: refunds of one payment are taken one at a time, so they never
      // add up to more than it, and a retried key finds the refund its first try made.
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(table).where(eq(table.id, input.sessionId)).for('update');
        if (!row) throw new RefundRefusedError(`No such checkout.session: '${input.sessionId}'`);
        const [same] = await tx
          .select()
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey), eq(sandboxRefunds.sessionId, row.id)));
        if (same) return { id: same.id, status: 'succeeded', amountFils: same.amount };
        if (row.paymentStatus !== 'paid') {
          throw new RefundRefusedError(`Checkout session ${row.id} has no payment to refund`);
        }
        const [done] = await tx
          .select({ fils: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.sessionId, row.id));
        const left = row.amountTotal - (done?.fils ?? 0);
        if (left <= 0) throw new RefundRefusedError(`The payment of checkout session ${row.id} was already refunded`);
        // Omitted: what is left of the payment, as Stripe refunds the rest of a charge.
        const amount = input.amountFils ?? left;
        if (!Number.isInteger(amount) || amount < 1 || amount > left) {
          throw new RefundRefusedError(
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          );
        }
        const id = randomStripeId('re_test_', 24);
        await tx.insert(sandboxRefunds).values({ id, sessionId: row.id, amount, idempotencyKey: input.idempotencyKey });
        return { id, status: 'succeeded', amountFils: amount };
      });
    },

    verifyEvent(rawBody, signatureHeader) {
      return verifyStripeEvent(rawBody, signatureHeader, webhookSecret);
    },

    async findSession(sessionId) {
      const row = await findRow(sessionId);
      return row && toView(row);
    },

    async completePayment(sessionId, customer) {
      const paidAt = now();
      const result = await db.transaction(async (tx): Promise<CompleteResult> => {
        const [paid] = await tx
          .update(table)
          .set({
            status: 'complete',
            paymentStatus: 'paid',
            paymentIntent: randomStripeId('pi_test_', 24),
            customerDetails: customer,
            completedAt: paidAt,
          })
          // Paid once: a second submit, or one after the expiry, finds no open row.
          .where(and(eq(table.id, sessionId), eq(table.status, 'open'), gt(table.expiresAt, paidAt)))
          .returning();
        if (!paid) {
          const row = await findRow(sessionId, tx);
          if (!row) return { outcome: 'not-found' };
          return { outcome: row.status === 'complete' ? 'already-paid' : 'expired', session: toView(row) };
        }
        const event: SandboxEvent = {
          id: randomStripeId('evt_test_', 24),
          object: 'event',
          api_version: null,
          created: seconds(paidAt),
          data: { object: toJson(paid) },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type: 'checkout.session.completed',
        };
        const payload: WebhookDeliveryPayload = { event };
        await jobs.enqueue(tx, WEBHOOK_DELIVERY_JOB, payload, { key: event.id });
        return { outcome: 'paid', session: toView(paid) };
      });
      if (result.outcome === 'paid') jobs.wake();
      return result;
    },
  };
}

/**
 * The secret the sandbox signs its events with when STRIPE_WEBHOOK_SECRET is not set: generated
 * once into DATA_DIR (mode 0600), so events signed before a restart still verify after it.
 */
export function sandboxWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'sandbox-webhook-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another instance sharing DATA_DIR wrote it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
