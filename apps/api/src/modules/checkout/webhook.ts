import type { FastifyBaseLogger } from 'fastify';
import { CancelReasons } from '@bookshop/contracts/orders';
import type { Database, Tx } from '../../platform/db.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import { findOrderRow, findOrderRowBySession } from '../orders/service.ts';
import { isPaid, type ProviderEvent, type ProviderSession } from '../payments/provider.ts';
import * as queries from './queries.ts';

export type WebhookDeps = {
  db: Database;
  lifecycle: Pick<OrderLifecycle, 'fulfil' | 'cancelUnpaid'>;
  log: FastifyBaseLogger;
};

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The order a session pays for: by its reference, unless that order already has another session. */
async function orderOfSession(db: Database, session: ProviderSession) {
  const reference = Number(session.clientReferenceId ?? session.metadata.orderId);
  const byReference =
    Number.isInteger(reference) && reference > 0 ? await findOrderRow(reference, { tx: db }) : undefined;
  if (byReference && (!byReference.providerSessionId || byReference.providerSessionId === session.id))
    return byReference;
  return findOrderRowBySession(session.id, { tx: db });
}

/**
 * A verified provider event. Unknown types and unknown sessions are acknowledged and ignored. The
 * event is recorded in the transaction of its effect, under the order's lock: a replay changes nothing.
 */
export async function handleEvent({ db, lifecycle, log }: WebhookDeps, event: ProviderEvent): Promise<void> {
  if (!HANDLED.has(event.type) || !event.session) return;
  const session = event.session;
  const order = await orderOfSession(db, session);
  if (!order) {
    log.warn({ eventId: event.id, sessionId: session.id }, 'checkout: webhook event for an unknown session');
    return;
  }
  const claim = { claim: (tx: Tx) => queries.recordEvent(tx, event, order.id) };
  switch (event.type) {
    case 'checkout.session.completed':
      if (isPaid(session)) return lifecycle.fulfil(order.id, session, claim);
      // An async payment (bank debit) is processing: its own event follows.
      await db.transaction((tx) => queries.recordEvent(tx, event, order.id));
      return;
    case 'checkout.session.async_payment_succeeded':
      return lifecycle.fulfil(order.id, session, claim);
    case 'checkout.session.async_payment_failed':
      return lifecycle.cancelUnpaid(order.id, { ...claim, reason: CancelReasons.paymentFailed });
    default:
      return lifecycle.cancelUnpaid(order.id, { ...claim, reason: CancelReasons.expired });
  }
}

export const createWebhookHandler = (deps: WebhookDeps) => ({
  handleEvent: (event: ProviderEvent) => handleEvent(deps, event),
});
export type WebhookHandler = ReturnType<typeof createWebhookHandler>;
