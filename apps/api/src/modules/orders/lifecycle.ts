import type { FastifyBaseLogger } from 'fastify';
import { CodMessages } from '@bookshop/contracts/checkout';
import { OrderStatus } from '@bookshop/contracts/enums';
import { FulfilmentMessages, SHIPPED_FULFILMENT_STATUSES, type CarrierCode } from '@bookshop/contracts/fulfilment';
import {
  CancelReasons,
  OrderMessages,
  type ChangeOrderStatus,
  type Order,
  type StaffOrder,
} from '@bookshop/contracts/orders';
import type { Database, Tx } from '../../platform/db.ts';
import { conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';
import { releaseStock, reserveStock } from '../catalogue/stock-service.ts';
import type { Invoicing } from '../invoicing/service.ts';
import {
  isPaid,
  PaymentsUnavailableProblem,
  ProviderUnavailableError,
  RefundRefusedError,
  type PaymentProvider,
  type ProviderSession,
} from '../payments/provider.ts';
import { StaffEventKind, type StaffNotify } from '../staff-notify/service.ts';
import { cancellationMail, cashInvoiceMail, confirmationMail, staffPaidSummary } from './mails.ts';
import * as queries from './queries.ts';
import type { OrdersService } from './service.ts';

/**
 * Every change of an order's status, and nothing else (docs/decisions/063): placed Pending,
 * Completed when paid, Cancelled when its session ends unpaid, is replaced, or staff cancel it,
 * and the bookkeeping of the refund that follows. Each change locks the order's row, so the
 * webhook, the success page, the expiry job, reconciliation and staff may all arrive, repeatedly
 * and on different instances: each order is completed or cancelled once. Checkout owns the
 * payment sessions and calls these; orders never calls checkout.
 */

/** Reconciliation also asks about Pending orders this young, in case a paid webhook is late or lost. */
export const RECONCILE_RECENT_MS = 2 * 60 * 60_000;
const RECONCILE_BATCH = 100;
/** A refund is retried with backoff (30 s doubling) for about four hours before staff see it failed. */
export const REFUND_MAX_ATTEMPTS = 10;
/** The refund job; its name is older than this module and kept, so jobs already queued still run. */
export const REFUND_JOB = 'checkout.refund';

export type LifecycleDeps = {
  db: Database;
  provider: Pick<PaymentProvider, 'expireSession' | 'retrieveSession' | 'refund'>;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  accounts: {
    mailRecipient(accountId: number, options: { tx: Tx }): Promise<Recipient | null>;
  };
  /** Support's mailbox, named in the order mails (SUPPORT_EMAIL). */
  supportEmail: string;
  cart: { removeBooks(customerId: number, bookIds: number[], options?: { tx?: Tx }): Promise<unknown> };
  orders: Pick<OrdersService, 'get' | 'getForStaff'>;
  /** Staff are told of each paid order (decision 079). */
  staffNotify: Pick<StaffNotify, 'record'>;
  /** The tax invoice when an order is paid, the credit note when its money goes back (decision 085). */
  invoicing: Pick<Invoicing, 'issueInvoice' | 'issueCancellationCreditNote' | 'attachmentOf'>;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** Runs under the order's row lock before a change; false leaves the order as it is (a replayed webhook event). */
type Claim = (tx: Tx) => Promise<boolean>;

/** Why an unpaid order ends, as its customer reads it (decision 072). */
export type UnpaidReason = (typeof CancelReasons)[keyof typeof CancelReasons];

/** Placed: a Pending order whose copies the caller reserved in the same transaction. */
export const placePending = (tx: Tx, order: Omit<queries.NewOrder, 'status'>, items: queries.NewOrderItem[]) =>
  queries.insertOrder(tx, { ...order, status: OrderStatus.Pending }, items);

/** Replaced by a newer checkout of the same customer: cancelled, their copies back, in the caller's transaction. */
export async function cancelReplaced(tx: Tx, open: queries.OrderRow[], items: queries.OrderItemRow[], at: Date) {
  for (const order of open)
    await queries.setStatus(tx, order.id, OrderStatus.Cancelled, at, {
      cancelledAt: at,
      cancelReason: CancelReasons.replaced,
    });
  await releaseStock(tx, items, 'released');
}

/**
 * Orders paid before this shop kept them (the demo seed's readers, decision 040): Completed, with
 * their lines and a Pending then Completed history, in the caller's transaction. Answers each
 * order's id and payment time in the order given.
 */
export async function recordPaidOrders(
  tx: Tx,
  paid: { order: Omit<queries.NewOrder, 'status'> & { paidAt: Date }; items: queries.NewOrderItem[] }[],
): Promise<{ id: number; paidAt: Date }[]> {
  if (paid.length === 0) return [];
  const inserted = await queries.insertOrders(
    tx,
    paid.map(({ order }) => ({ ...order, status: OrderStatus.Completed })),
  );
  // (customer, created) names one order: the caller places them whole minutes apart.
  const byCustomerAndTime = new Map(inserted.map((o) => [`${o.customerId}@${o.createdAt.getTime()}`, o.id]));
  const ids = paid.map(({ order }) => byCustomerAndTime.get(`${order.customerId}@${order.createdAt!.getTime()}`)!);
  await queries.insertItemsAndHistory(
    tx,
    paid.flatMap(({ items }, i) => items.map((item) => ({ ...item, orderId: ids[i]! }))),
    paid.flatMap(({ order }, i) => [
      { orderId: ids[i]!, status: OrderStatus.Pending, at: order.createdAt! },
      { orderId: ids[i]!, status: OrderStatus.Completed, at: order.paidAt },
    ]),
  );
  return paid.map(({ order }, i) => ({ id: ids[i]!, paidAt: order.paidAt }));
}

/**
 * A cash-on-delivery order is placed (decision 081): in the caller's transaction its books leave
 * the cart and the confirmation goes out at once, as a paid card order's does.
 */
export async function confirmCashOrder(
  deps: LifecycleDeps,
  tx: Tx,
  order: queries.OrderRow,
  items: queries.NewOrderItem[],
): Promise<void> {
  await deps.cart.removeBooks(
    order.customerId,
    items.map((item) => item.bookId),
    { tx },
  );
  const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
  if (recipient)
    await deps.mailer.enqueue(
      tx,
      confirmationMail(
        recipient,
        order,
        items.map((item) => ({ ...item, titleAr: item.titleAr ?? null, orderId: order.id })),
        deps.supportEmail,
      ),
    );
  await deps.staffNotify.record(tx, {
    kind: StaffEventKind.CashOrder,
    orderId: order.id,
    summary: staffPaidSummary(order, items, 'cash on delivery'),
  });
}

/**
 * The courier took the cash for a cash-on-delivery order (decision 081): Completed and paid, in
 * the caller's transaction under the order's row lock. Its copies were taken when it was placed.
 * The sale is made now, so its tax invoice is issued now and mailed on its own (decision 085):
 * the confirmation went out when the order was placed, before there was anything to invoice.
 */
export async function collectCash(
  deps: Pick<LifecycleDeps, 'accounts' | 'mailer' | 'supportEmail'> & {
    invoicing: Pick<Invoicing, 'issueInvoice' | 'attachmentOf'>;
  },
  tx: Tx,
  order: queries.OrderRow,
  at: Date,
): Promise<void> {
  if (order.status !== OrderStatus.Pending || order.paymentMethod !== 'cod') return;
  await queries.setStatus(tx, order.id, OrderStatus.Completed, at, { paidAt: at });
  const items = await queries.listItems(tx, [order.id]);
  const invoice = await deps.invoicing.issueInvoice(tx, order, items, at);
  const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
  if (recipient)
    await deps.mailer.enqueue(tx, {
      ...cashInvoiceMail(recipient, order, invoice.number, deps.supportEmail),
      attachments: [deps.invoicing.attachmentOf(invoice)],
    });
}

/** Records the payment page on a Pending order; false when a newer checkout replaced the order meanwhile. */
export const attachSession = ({ db }: Pick<LifecycleDeps, 'db'>, orderId: number, session: ProviderSession) =>
  db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (order?.status !== OrderStatus.Pending) return false;
    await queries.updateOrder(tx, orderId, {
      providerSessionId: session.id,
      paymentIntentId: session.paymentIntentId,
    });
    return true;
  });

/** The whole payment goes back through the refund job, with one provider idempotency key per order. */
const enqueueRefund = (deps: Pick<LifecycleDeps, 'jobs'>, tx: Tx, orderId: number, sessionId: string) =>
  deps.jobs.enqueue(tx, REFUND_JOB, { orderId, sessionId }, { key: `checkout.refund:${orderId}` });

/** Its money is going back: the payment is noted and the refund job queued. */
async function owePayment(deps: LifecycleDeps, tx: Tx, order: queries.OrderRow, session: ProviderSession) {
  await queries.updateOrder(tx, order.id, {
    paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
    refundStatus: 'pending',
  });
  await enqueueRefund(deps, tx, order.id, session.id);
}

/** Completes a Pending order once (a Cancelled one is revived or refunded); a `claim` is made with the effect. */
export async function fulfil(
  deps: LifecycleDeps,
  orderId: number,
  session: ProviderSession,
  options: { claim?: Claim } = {},
): Promise<void> {
  const { db, cart, mailer, jobs, log } = deps;
  let changed = false;
  await db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (!order) return;
    if (options.claim && !(await options.claim(tx))) return;
    if (order.status === OrderStatus.Completed) return;
    const items = await queries.listItems(tx, [orderId]);
    const paidAt = deps.now();
    if (order.status === OrderStatus.Cancelled && (order.cancelledBy !== null || order.refundStatus !== null)) {
      // Staff (decision 033) or the customer (072) cancelled it, or its money is already going back: never revive it.
      if (order.refundStatus !== null) return;
      await owePayment(deps, tx, order, session);
      changed = true;
      return;
    }
    if (order.status === OrderStatus.Cancelled) {
      // Paid after it was cancelled (an async payment, or a race the expire-first rule missed):
      // honour it if the copies are still there, else give the money back.
      try {
        await reserveStock(tx, items, { orderId });
      } catch (error) {
        if (!(error instanceof HttpProblem && error.status === 409)) throw error;
        log.warn({ orderId }, 'checkout: a cancelled order was paid and its copies are gone; refunding');
        await owePayment(deps, tx, order, session);
        changed = true;
        return;
      }
    }
    await queries.setStatus(tx, orderId, OrderStatus.Completed, paidAt, {
      paidAt,
      paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
    });
    await cart.removeBooks(
      order.customerId,
      items.map((item) => item.bookId),
      { tx },
    );
    const invoice = await deps.invoicing.issueInvoice(tx, order, items, paidAt);
    const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
    if (recipient)
      await mailer.enqueue(tx, {
        ...confirmationMail(recipient, { ...order, paidAt }, items, deps.supportEmail),
        attachments: [deps.invoicing.attachmentOf(invoice)],
      });
    await deps.staffNotify.record(tx, {
      kind: StaffEventKind.OrderPaid,
      orderId,
      summary: staffPaidSummary(order, items),
    });
    changed = true;
  });
  if (changed) {
    mailer.wake();
    jobs.wake();
  }
}

/** Cancels a Pending order once, saying why, and releases its copies; anything else is left as it is. */
export async function cancelUnpaid(
  deps: LifecycleDeps,
  orderId: number,
  options: { claim?: Claim; reason?: UnpaidReason } = {},
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (!order) return;
    if (options.claim && !(await options.claim(tx))) return;
    if (order.status !== OrderStatus.Pending) return;
    const items = await queries.listItems(tx, [orderId]);
    const at = deps.now();
    await queries.setStatus(tx, orderId, OrderStatus.Cancelled, at, {
      cancelledAt: at,
      cancelReason: options.reason ?? null,
    });
    await releaseStock(tx, items, 'released');
  });
}

/**
 * Brings a Pending order to its end when its session is over: expire it at the provider first
 * (which refuses to expire a paid session), then fulfil a paid one or cancel an unpaid one. A
 * session completed with an async payment still processing stays Pending for its events.
 */
export async function settle(
  deps: LifecycleDeps,
  orderId: number,
  options: { expire: boolean; reason?: UnpaidReason },
): Promise<void> {
  const reason = options.reason ?? CancelReasons.expired;
  const order = await queries.findOrder(deps.db, orderId);
  // A cash-on-delivery order never expires: it waits for the courier (decision 081).
  if (!order || order.status !== OrderStatus.Pending || order.paymentMethod === 'cod') return;
  if (!order.providerSessionId) {
    // No session was ever stored (the provider call failed or the process died during it). A
    // young order may still be waiting for its provider's answer: only an expired one is cancelled.
    if (options.expire) await cancelUnpaid(deps, orderId, { reason });
    return;
  }
  const session = options.expire
    ? await deps.provider.expireSession(order.providerSessionId)
    : await deps.provider.retrieveSession(order.providerSessionId);
  if (!session) return;
  if (isPaid(session)) await fulfil(deps, orderId, session);
  else if (session.status === 'expired') await cancelUnpaid(deps, orderId, { reason });
}

/** Reconciliation: Pending orders past expiry are settled; recent ones are asked about. */
export async function settlePending(deps: LifecycleDeps): Promise<void> {
  const at = deps.now();
  const expired = await queries.listPendingExpiredBefore(deps.db, at, RECONCILE_BATCH);
  const recent = await queries.listPendingCreatedSince(
    deps.db,
    new Date(at.getTime() - RECONCILE_RECENT_MS),
    RECONCILE_BATCH,
  );
  const expiredIds = new Set(expired.map((o) => o.id));
  for (const { id } of expired) await settleQuietly(deps, id, true);
  for (const { id } of recent) if (!expiredIds.has(id)) await settleQuietly(deps, id, false);
}

async function settleQuietly(deps: LifecycleDeps, orderId: number, expire: boolean) {
  try {
    await settle(deps, orderId, { expire });
  } catch (error) {
    // One order the provider cannot answer about must not stop the others; the next pass retries.
    deps.log.warn({ err: error, orderId }, 'checkout: reconciliation could not settle an order');
  }
}

/**
 * Staff cancel an order (`PATCH v1/orders/{id}/status`, decision 033). A Pending order's session
 * is expired at the provider first, as the customer's cancel does; a payment that won the race
 * is fulfilled and the order is then cancelled as a paid one. The change itself runs under the
 * order's row lock, so two staff pressing Cancel at once make one cancellation, one stock
 * return, one refund and one e-mail; the second is told the order is already cancelled.
 */
export async function cancelByStaff(
  deps: LifecycleDeps,
  orderId: number,
  { reason }: ChangeOrderStatus,
  staffId: number,
): Promise<StaffOrder> {
  const { db, mailer } = deps;
  const before = await queries.findOrder(db, orderId);
  if (!before) throw notFound(OrderMessages.notFound);
  if (before.status === OrderStatus.Cancelled) throw conflict(OrderMessages.alreadyCancelled);
  if (!cancellableAfterShipping(before) && SHIPPED_FULFILMENT_STATUSES.includes(before.fulfilmentStatus))
    throw conflict(FulfilmentMessages.cancelShipped);
  await stopPayment(deps, before);

  await db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (!order) throw notFound(OrderMessages.notFound);
    if (order.status === OrderStatus.Cancelled) throw conflict(OrderMessages.alreadyCancelled);
    // Copies that left the shop come back through a return, never a cancellation (decision 078).
    if (!cancellableAfterShipping(order) && SHIPPED_FULFILMENT_STATUSES.includes(order.fulfilmentStatus))
      throw conflict(FulfilmentMessages.cancelShipped);
    const paid = order.status === OrderStatus.Completed;
    const items = await queries.listItems(tx, [orderId]);
    const at = deps.now();
    await queries.setStatus(tx, orderId, OrderStatus.Cancelled, at, {
      cancelledAt: at,
      cancelReason: reason,
      cancelledBy: staffId,
      ...(paid && { refundStatus: 'pending' as const }),
    });
    // Reserved copies of an unpaid order, or sold copies of a paid one: either way back to stock.
    await releaseStock(tx, items, paid ? 'cancelled' : 'released', staffId);
    if (paid) {
      if (!order.providerSessionId) throw new Error(`paid order ${orderId} has no provider session`);
      await enqueueRefund(deps, tx, orderId, order.providerSessionId);
    }
    // The money goes back: a credit note corrects its invoice (none for an order never invoiced).
    const creditNote = paid ? await deps.invoicing.issueCancellationCreditNote(tx, order, at) : null;
    const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
    if (recipient)
      await mailer.enqueue(tx, {
        ...cancellationMail(recipient, order, reason, paid, deps.supportEmail),
        ...(creditNote && { attachments: [deps.invoicing.attachmentOf(creditNote)] }),
      });
  });
  deps.jobs.wake();
  mailer.wake();
  return deps.orders.getForStaff(orderId);
}

/**
 * A cash-on-delivery order still unpaid may be cancelled after it shipped: the customer refused
 * the parcel, the courier brings the copies back and there is no money to return (decision 081).
 */
const cancellableAfterShipping = (order: queries.OrderRow) =>
  order.paymentMethod === 'cod' && order.status === OrderStatus.Pending;

/** Expires a Pending order's session before staff or its customer cancel it; a session paid meanwhile completes the order first. */
async function stopPayment(deps: LifecycleDeps, order: queries.OrderRow) {
  if (order.status !== OrderStatus.Pending || !order.providerSessionId) return;
  try {
    const session = await deps.provider.expireSession(order.providerSessionId);
    if (isPaid(session)) await fulfil(deps, order.id, session);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      deps.log.warn({ err: error, orderId: order.id }, 'orders: could not expire the session before cancelling');
      throw new PaymentsUnavailableProblem();
    }
    throw error;
  }
}

/**
 * The customer cancels their own unpaid order (`POST v1/orders/{id}/cancel`, decision 072). Its
 * payment page is expired first, outside any lock: one paid meanwhile completes the order, and
 * the customer is told it is no longer awaiting payment (409). The change runs under the order's
 * row lock, so a webhook's fulfilment arriving at the same moment and this cancellation cannot
 * both win: whichever locks second finds the other's status (a payment that completes after the
 * cancellation is refunded, never revived, as for staff). Another customer's order is 404.
 */
export async function cancelByCustomer(deps: LifecycleDeps, customerId: number, orderId: number): Promise<Order> {
  const { db } = deps;
  const before = await queries.findOrder(db, orderId);
  if (before?.customerId !== customerId) throw notFound(OrderMessages.notFound);
  if (before.status !== OrderStatus.Pending) throw conflict(OrderMessages.notAwaitingPayment);
  await stopPayment(deps, before);

  await db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (order?.status !== OrderStatus.Pending) throw conflict(OrderMessages.notAwaitingPayment);
    // A cash-on-delivery parcel already on its way is refused at the door, not cancelled online (decision 081).
    if (SHIPPED_FULFILMENT_STATUSES.includes(order.fulfilmentStatus)) throw conflict(CodMessages.shippedNoCancel);
    const items = await queries.listItems(tx, [orderId]);
    const at = deps.now();
    await queries.setStatus(tx, orderId, OrderStatus.Cancelled, at, {
      cancelledAt: at,
      cancelReason: CancelReasons.byCustomer,
      cancelledBy: customerId,
    });
    await releaseStock(tx, items, 'released');
  });
  return deps.orders.get(orderId);
}

/**
 * The refund job: the payment of a cancelled order goes back (a late payment that could not be
 * honoured, or staff cancelled a paid order). The idempotency key is the order's, so a retried or
 * repeated job never refunds twice. The order's refund status ends `refunded`, or `failed` when
 * the provider refuses or the last attempt fails (staff see it).
 */
export async function refund(
  deps: Pick<LifecycleDeps, 'db' | 'provider' | 'log'>,
  { orderId, sessionId }: { orderId: number; sessionId: string },
  job: { attempts: number } = { attempts: 1 },
): Promise<void> {
  const { db, log } = deps;
  try {
    const refund = await deps.provider.refund({ sessionId, idempotencyKey: `refund-order-${orderId}` });
    const failed = refund.status === 'failed' || refund.status === 'canceled';
    await queries.updateOrder(db, orderId, {
      refundId: refund.id,
      refundStatus: failed ? 'failed' : 'refunded',
    });
  } catch (error) {
    // Nothing left to refund (refunded already, or never paid): retrying cannot help.
    if (error instanceof RefundRefusedError) {
      log.error({ err: error, orderId }, 'checkout: the provider refused the refund of a cancelled order');
      await queries.updateOrder(db, orderId, { refundStatus: 'failed' });
      return;
    }
    if (job.attempts >= REFUND_MAX_ATTEMPTS) await queries.updateOrder(db, orderId, { refundStatus: 'failed' });
    throw error;
  }
}

/** The use cases above bound to their dependencies, as app.ts hands them to checkout and the routes. */
export function createOrderLifecycle(deps: Omit<LifecycleDeps, 'now'> & { now?: () => Date }) {
  const bound: LifecycleDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    placePending,
    cancelReplaced,
    confirmCashOrder: (tx: Tx, order: queries.OrderRow, items: queries.NewOrderItem[]) =>
      confirmCashOrder(bound, tx, order, items),
    /** After the transaction that queued a mail committed. */
    wakeMailer: () => bound.mailer.wake(),
    attachSession: (orderId: number, session: ProviderSession) => attachSession(bound, orderId, session),
    fulfil: (orderId: number, session: ProviderSession, options?: { claim?: Claim }) =>
      fulfil(bound, orderId, session, options),
    cancelUnpaid: (orderId: number, options?: { claim?: Claim; reason?: UnpaidReason }) =>
      cancelUnpaid(bound, orderId, options),
    settle: (orderId: number, options: { expire: boolean; reason?: UnpaidReason }) => settle(bound, orderId, options),
    settlePending: () => settlePending(bound),
    cancelByStaff: (orderId: number, input: ChangeOrderStatus, staffId: number) =>
      cancelByStaff(bound, orderId, input, staffId),
    cancelByCustomer: (customerId: number, orderId: number) => cancelByCustomer(bound, customerId, orderId),
    refund: (payload: { orderId: number; sessionId: string }, job?: { attempts: number }) =>
      refund(bound, payload, job),
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/** How a past order travelled: its carrier, tracking number and the times it left and arrived. */
export type PastDelivery = { carrier: CarrierCode; trackingNumber: string | null; shippedAt: Date; deliveredAt: Date };

/**
 * Records these customers' paid orders as delivered, each in one parcel of all its copies, with
 * the events of shipping and delivery and both mails marked sent, so nobody is mailed about a
 * parcel long arrived. `plan` says how each order (oldest first) travelled. Only a Completed
 * order still unfulfilled and without a parcel changes: running it again, or on an order staff
 * have begun, does nothing. For the demo seed's past orders (decision 084); staff deliver through
 * `ship` and `deliver` (fulfilment.ts), and real orders from before fulfilment stay to ship.
 */
export async function recordPastDeliveries(
  tx: Tx,
  customerIds: number[],
  plan: (order: { id: number; paidAt: Date }, index: number) => PastDelivery,
): Promise<number> {
  const due = await queries.unshippedPaidOrders(tx, customerIds);
  if (due.length === 0) return 0;
  const items = await queries.listItems(
    tx,
    due.map((order) => order.id),
  );
  for (const [index, order] of due.entries()) {
    const d = plan({ id: order.id, paidAt: order.paidAt ?? order.createdAt }, index);
    const lines = items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({ bookId: item.bookId, quantity: item.quantity }));
    const shipment = await queries.insertShipment(
      tx,
      {
        orderId: order.id,
        carrier: d.carrier,
        trackingNumber: d.trackingNumber,
        status: 'delivered',
        shippedAt: d.shippedAt,
        deliveredAt: d.deliveredAt,
        shippedMailedAt: d.shippedAt,
      },
      lines,
    );
    await queries.insertEvent(tx, { orderId: order.id, event: 'shipped', shipmentId: shipment.id, at: d.shippedAt });
    await queries.insertEvent(tx, {
      orderId: order.id,
      event: 'delivered',
      shipmentId: shipment.id,
      at: d.deliveredAt,
    });
    await queries.updateOrder(tx, order.id, { fulfilmentStatus: 'delivered', deliveredMailedAt: d.deliveredAt });
  }
  return due.length;
}
