import type { FastifyBaseLogger } from 'fastify';
import type { Address } from '@bookshop/contracts/addresses';
import {
  CHECKOUT_SESSION_MINUTES,
  CheckoutMessages,
  MAX_COPIES_PER_TITLE,
  type CheckoutSession,
  type CreateCheckoutSession,
} from '@bookshop/contracts/checkout';
import { deliveryOptions, type DeliveryOrderSummary } from '@bookshop/contracts/delivery';
import { OrderStatus } from '@bookshop/contracts/enums';
import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { orderNumber, type Order } from '@bookshop/contracts/orders';
import type { Database, Tx } from '../../platform/db.ts';
import { badRequest, conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mailer.ts';
import { lockStock, releaseStock, reserveStock, type LockedBook } from '../catalogue/stock.ts';
import * as orderQueries from '../orders/queries.ts';
import type { OrdersService } from '../orders/service.ts';
import type { CreateSessionInput, PaymentProvider, ProviderEvent, ProviderSession } from '../payments/provider.ts';
import { ProviderUnavailableError, RefundRefusedError } from '../payments/provider.ts';
import * as queries from './queries.ts';

/**
 * Checkout (docs/decisions/028-checkout-and-orders.md): a cart becomes a Pending order with its
 * copies reserved, in one transaction that also enqueues the order's expiry (transactional
 * outbox); the provider's session is created after that commits, never while rows are locked.
 * Fulfilment and cancellation lock the order row, so the webhook, the success page, the expiry
 * job and reconciliation may all arrive, repeatedly and on different instances: each order is
 * completed or cancelled once. A customer has at most one open (Pending) checkout: a new one
 * answers it again or replaces it (decision 057).
 */

/**
 * How long copies stay reserved for an unpaid checkout. Stripe refuses an `expires_at` under 30
 * minutes from its own clock; the Stripe provider adds its margin to what it sends (decision 027)
 * and checkout expires the session itself when the reservation ends.
 */
export const SESSION_LIFETIME_MS = CHECKOUT_SESSION_MINUTES * 60_000;
/** Reconciliation also asks about Pending orders this young, in case a paid webhook is late or lost. */
export const RECONCILE_RECENT_MS = 2 * 60 * 60_000;
export const RECONCILE_INTERVAL_SECONDS = 300;
const RECONCILE_BATCH = 100;
/** A refund is retried with backoff (30 s doubling) for about four hours before staff see it failed. */
export const REFUND_MAX_ATTEMPTS = 10;

export const CheckoutJobKind = {
  Expire: 'checkout.expire',
  Reconcile: 'checkout.reconcile',
  Refund: 'checkout.refund',
} as const;

export type CheckoutDeps = {
  db: Database;
  provider: PaymentProvider;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  orders: Pick<OrdersService, 'get'>;
  addresses: { get(customerId: number, id: number, options?: { tx?: Tx }): Promise<Address> };
  cart: { removeBooks(customerId: number, bookIds: number[], options?: { tx?: Tx }): Promise<unknown> };
  delivery: { feeFils(code: CreateCheckoutSession['deliveryMethod'], order: DeliveryOrderSummary): number };
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** 503 with Retry-After: the provider could not be reached; the order was cancelled and its copies released. */
export class PaymentsUnavailableProblem extends HttpProblem {
  readonly retryAfterSeconds = 30;
  constructor() {
    super(503, 'Service Unavailable', CheckoutMessages.paymentsUnavailable);
  }
}

/** An open checkout is answered again only while this much of its reservation is left (decision 057). */
const REUSE_MIN_REMAINING_MS = 5 * 60_000;
/** Rounds of "expire the open checkout, then place" before a customer racing themselves is told to retry. */
const PLACE_ATTEMPTS = 4;

type SessionItem = Pick<orderQueries.OrderItemRow, 'title' | 'discountedPriceFils' | 'quantity'>;
type Plan =
  | { kind: 'placed'; order: orderQueries.OrderRow; items: SessionItem[]; email: string }
  | { kind: 'reuse'; order: orderQueries.OrderRow }
  | { kind: 'replace'; orders: orderQueries.OrderRow[] };

/** Rolls the placing transaction back: these open checkouts' payment pages must be expired first. */
class ExpireFirst extends Error {
  constructor(readonly orders: orderQueries.OrderRow[]) {
    super('the open checkouts must be expired first');
  }
}

/** The open order was made from this very cart, address and delivery method. */
function isSameCheckout(
  order: orderQueries.OrderRow,
  items: orderQueries.OrderItemRow[],
  lines: { bookId: number; quantity: number }[],
  address: Address,
  input: CreateCheckoutSession,
) {
  const own = items.filter((item) => item.orderId === order.id);
  return (
    order.deliveryMethodCode === input.deliveryMethod &&
    order.address === address.address &&
    order.country === address.country &&
    order.city === address.city &&
    order.phoneNo === address.phoneNo &&
    order.zipCode === address.zipCode &&
    own.length === lines.length &&
    own.every((item, i) => item.bookId === lines[i]!.bookId && item.quantity === lines[i]!.quantity)
  );
}

/** A provider that cannot be reached while a checkout is replaced or answered again: 503, nothing changed. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new PaymentsUnavailableProblem();
    throw error;
  }
}

const isPaid = (session: ProviderSession) =>
  session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, provider, jobs, mailer, orders, addresses, cart, delivery, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * One transaction under the customer's checkout lock (decision 057): refuses what cannot be
   * placed, answers the open checkout when the cart, address and delivery method are unchanged,
   * else cancels the open ones (their copies back) and places the new order with its copies
   * reserved. An open checkout whose payment page was not yet expired by this call rolls it all
   * back (`ExpireFirst`): its page is expired first, outside any lock, and the caller comes again.
   */
  async function placeOrder(customerId: number, input: CreateCheckoutSession, stopped: ReadonlySet<number>) {
    try {
      return await db.transaction(async (tx): Promise<Plan> => {
        await queries.lockCheckout(tx, customerId);
        const open = await queries.lockOpenOrders(tx, customerId);
        const lines = await queries.lockCartLines(tx, customerId);
        if (lines.length === 0) throw badRequest(CheckoutMessages.emptyCart);
        if (lines.some((line) => line.quantity > MAX_COPIES_PER_TITLE))
          throw conflict(CheckoutMessages.copiesPerTitleMax);
        const address = await addresses.get(customerId, input.addressId, { tx }).catch((error: unknown) => {
          if (error instanceof HttpProblem && error.status === 404) throw notFound(CheckoutMessages.addressNotFound);
          throw error;
        });
        const openItems = await orderQueries.listItems(
          tx,
          open.map((order) => order.id),
        );
        const [only] = open;
        if (
          only &&
          open.length === 1 &&
          !stopped.has(only.id) &&
          only.expiresAt.getTime() - now().getTime() >= REUSE_MIN_REMAINING_MS &&
          isSameCheckout(only, openItems, lines, address, input)
        )
          return { kind: 'reuse', order: only };

        await lockStock(tx, [...openItems, ...lines]);
        const createdAt = now();
        for (const order of open)
          await orderQueries.setStatus(tx, order.id, OrderStatus.Cancelled, createdAt, { cancelledAt: createdAt });
        await releaseStock(tx, openItems);
        const books = new Map((await reserveStock(tx, lines, { shownOnly: true })).map((book) => [book.id, book]));
        const priced = lines.map((line) => ({ ...line, book: books.get(line.bookId)! }));
        const itemsTotalFils = sum(priced, (l) => l.book.priceFils * l.quantity);
        const paidFils = sum(priced, (l) => l.book.discountedPriceFils * l.quantity);
        const summary = {
          itemsTotalFils: paidFils,
          allItemsNextDayEligible: priced.every((l) => l.book.nextDayEligible),
        };
        const deliveryFeeFils = delivery.feeFils(input.deliveryMethod, summary);
        const method = deliveryOptions(summary).find((o) => o.code === input.deliveryMethod)!;
        const expiresAt = new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
        const items = priced.map(({ book, quantity }) => orderItem(book, quantity));
        const order = await orderQueries.insertOrder(
          tx,
          {
            customerId,
            status: OrderStatus.Pending,
            createdAt,
            expiresAt,
            deliveryMethodCode: method.code,
            deliveryMethodName: method.name,
            deliveryFeeFils,
            itemsTotalFils,
            discountTotalFils: itemsTotalFils - paidFils,
            totalFils: paidFils + deliveryFeeFils,
            address: address.address,
            country: address.country,
            city: address.city,
            phoneNo: address.phoneNo,
            zipCode: address.zipCode,
            provider: provider.name,
          },
          items,
        );
        // The outbox: the order cannot exist without the job that releases its copies.
        await jobs.enqueue(
          tx,
          CheckoutJobKind.Expire,
          { orderId: order.id },
          { runAt: expiresAt, key: `checkout.expire:${order.id}` },
        );
        // Everything above was checked with the open checkouts' copies back; now their pages must
        // go before those copies may: roll back, expire them, and come again.
        const payable = open.filter((o) => o.providerSessionId !== null && !stopped.has(o.id));
        if (payable.length > 0) throw new ExpireFirst(payable);
        const email = await queries.customerEmail(tx, customerId);
        return { kind: 'placed', order, items, email: email ?? '' };
      });
    } catch (error) {
      if (error instanceof ExpireFirst) return { kind: 'replace', orders: error.orders } satisfies Plan;
      throw error;
    }
  }

  /**
   * A customer has at most one open checkout (decision 057): an unchanged cart answers the open
   * one again; a changed one replaces it, its payment page expired before its copies go back.
   */
  async function createSession(customerId: number, input: CreateCheckoutSession): Promise<CheckoutSession> {
    const stopped = new Set<number>();
    for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
      const plan = await placeOrder(customerId, input, stopped);
      if (plan.kind === 'replace') {
        for (const order of plan.orders) {
          await stopPayment(order.id, order.providerSessionId!);
          stopped.add(order.id);
        }
        continue;
      }
      if (plan.kind === 'reuse') {
        const answer = await reopen(plan.order);
        if (answer) return answer;
        stopped.add(plan.order.id);
        continue;
      }
      return openPaymentPage(plan.order, plan.items, plan.email);
    }
    // Only a customer racing themselves from several tabs gets here.
    throw conflict(CheckoutMessages.checkoutReplaced);
  }

  /** The provider's session for an order, built from the order alone: the same order asks the same session. */
  const sessionInput = (order: orderQueries.OrderRow, items: SessionItem[], email: string): CreateSessionInput => ({
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    customerEmail: email,
    lines: items.map((item) => ({
      title: item.title,
      unitAmountFils: item.discountedPriceFils,
      quantity: item.quantity,
    })),
    delivery: { name: order.deliveryMethodName, amountFils: order.deliveryFeeFils },
    expiresAt: order.expiresAt,
    successUrl: `${deps.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.publicUrl}/checkout/cancel?session_id={CHECKOUT_SESSION_ID}`,
    idempotencyKey: `checkout-order-${order.id}`,
  });

  const answerOf = (order: orderQueries.OrderRow, session: ProviderSession & { url: string }): CheckoutSession => ({
    orderId: order.id,
    sessionId: session.id,
    url: session.url,
    expiresAt: order.expiresAt.toISOString(),
  });

  /** Opens (or, for the same order, answers again) the payment page of a Pending order. */
  async function openPaymentPage(
    order: orderQueries.OrderRow,
    items: SessionItem[],
    email: string,
  ): Promise<CheckoutSession> {
    try {
      const session = await provider.createSession(sessionInput(order, items, email));
      if (!(await storeSession(order.id, session))) {
        // A newer checkout replaced this order while its page was being opened: nobody may pay it.
        await stopPayment(order.id, session.id);
        throw conflict(CheckoutMessages.checkoutReplaced);
      }
      if (!session.url) throw new ProviderUnavailableError('the provider answered a session without a payment page');
      return answerOf(order, { ...session, url: session.url });
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      // Nobody can pay for this order now: give the copies back at once rather than in 30 minutes.
      log.warn({ err: error, orderId: order.id }, 'checkout: the payment provider failed; order cancelled');
      await cancel(order.id);
      if (error instanceof ProviderUnavailableError) throw new PaymentsUnavailableProblem();
      throw error;
    }
  }

  /** Records the payment page on the order, unless a newer checkout replaced the order meanwhile. */
  const storeSession = (orderId: number, session: ProviderSession) =>
    db.transaction(async (tx) => {
      const order = await orderQueries.findOrder(tx, orderId, { lock: true });
      if (order?.status !== OrderStatus.Pending) return false;
      await orderQueries.updateOrder(tx, orderId, {
        providerSessionId: session.id,
        paymentIntentId: session.paymentIntentId,
      });
      return true;
    });

  /** The open checkout of an unchanged cart, answered again; undefined when its page can no longer be paid. */
  async function reopen(order: orderQueries.OrderRow): Promise<CheckoutSession | undefined> {
    if (!order.providerSessionId) {
      // Its first request is still opening the page (or died doing so): the same key answers the same session.
      const items = await orderQueries.listItems(db, [order.id]);
      return openPaymentPage(order, items, (await queries.customerEmail(db, order.customerId)) ?? '');
    }
    const session = await providerCall(() => provider.retrieveSession(order.providerSessionId!));
    if (session && isPaid(session)) {
      await fulfil(order.id, session);
      return undefined;
    }
    return session?.status === 'open' && session.url ? answerOf(order, { ...session, url: session.url }) : undefined;
  }

  /**
   * Expires a replaced checkout's payment page before its copies go back. One paid meanwhile (in
   * another tab) is fulfilled instead; a payment that still completes later takes the path of a
   * payment for a cancelled order (`fulfil`): honoured while the copies last, else refunded.
   */
  async function stopPayment(orderId: number, sessionId: string) {
    const session = await providerCall(() => provider.expireSession(sessionId));
    if (isPaid(session)) await fulfil(orderId, session);
  }

  /** The whole payment goes back through the `checkout.refund` job, with one provider idempotency key per order. */
  const enqueueRefund = (tx: Tx, orderId: number, sessionId: string) =>
    jobs.enqueue(tx, CheckoutJobKind.Refund, { orderId, sessionId }, { key: `checkout.refund:${orderId}` });

  /** Completes a Pending order once (a Cancelled one is revived or refunded); an `event` is recorded with the effect. */
  async function fulfil(orderId: number, session: ProviderSession, event?: ProviderEvent): Promise<void> {
    let changed = false;
    await db.transaction(async (tx) => {
      const order = await orderQueries.findOrder(tx, orderId, { lock: true });
      if (!order) return;
      if (event && !(await queries.recordEvent(tx, event, orderId))) return;
      if (order.status === OrderStatus.Completed) return;
      const items = await orderQueries.listItems(tx, [orderId]);
      const paidAt = now();
      if (order.status === OrderStatus.Cancelled && (order.cancelledBy !== null || order.refundStatus !== null)) {
        // Staff cancelled it (decision 033), or its money is already going back: never revive it.
        if (order.refundStatus !== null) return;
        await orderQueries.updateOrder(tx, orderId, {
          paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
          refundStatus: 'pending',
        });
        await enqueueRefund(tx, orderId, session.id);
        changed = true;
        return;
      }
      if (order.status === OrderStatus.Cancelled) {
        // Paid after it was cancelled (an async payment, or a race the expire-first rule missed):
        // honour it if the copies are still there, else give the money back.
        try {
          await reserveStock(tx, items);
        } catch (error) {
          if (!(error instanceof HttpProblem && error.status === 409)) throw error;
          log.warn({ orderId }, 'checkout: a cancelled order was paid and its copies are gone; refunding');
          await orderQueries.updateOrder(tx, orderId, {
            paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
            refundStatus: 'pending',
          });
          await enqueueRefund(tx, orderId, session.id);
          changed = true;
          return;
        }
      }
      await orderQueries.setStatus(tx, orderId, OrderStatus.Completed, paidAt, {
        paidAt,
        paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
      });
      await cart.removeBooks(
        order.customerId,
        items.map((item) => item.bookId),
        { tx },
      );
      const email = await queries.customerEmail(tx, order.customerId);
      if (email) await mailer.enqueue(tx, confirmationMail(email, { ...order, paidAt }, items));
      changed = true;
    });
    if (changed) {
      mailer.wake();
      jobs.wake();
    }
  }

  /** Cancels a Pending order once and releases its copies; anything else is left as it is. */
  async function cancel(orderId: number, event?: ProviderEvent): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await orderQueries.findOrder(tx, orderId, { lock: true });
      if (!order) return;
      if (event && !(await queries.recordEvent(tx, event, orderId))) return;
      if (order.status !== OrderStatus.Pending) return;
      const items = await orderQueries.listItems(tx, [orderId]);
      const at = now();
      await orderQueries.setStatus(tx, orderId, OrderStatus.Cancelled, at, { cancelledAt: at });
      await releaseStock(tx, items);
    });
  }

  /**
   * Brings a Pending order to its end when its session is over: expire it at the provider first
   * (which refuses to expire a paid session), then fulfil a paid one or cancel an unpaid one. A
   * session completed with an async payment still processing stays Pending for its events.
   */
  async function settle(orderId: number, options: { expire: boolean }): Promise<void> {
    const order = await orderQueries.findOrder(db, orderId);
    if (!order || order.status !== OrderStatus.Pending) return;
    if (!order.providerSessionId) {
      // No session was ever stored (the provider call failed or the process died during it). A
      // young order may still be waiting for its provider's answer: only an expired one is cancelled.
      if (options.expire) await cancel(orderId);
      return;
    }
    const session = options.expire
      ? await provider.expireSession(order.providerSessionId)
      : await provider.retrieveSession(order.providerSessionId);
    if (!session) return;
    if (isPaid(session)) await fulfil(orderId, session);
    else if (session.status === 'expired') await cancel(orderId);
  }

  async function ownedBySession(customerId: number, sessionId: string) {
    const order = await orderQueries.findOrderBySession(db, sessionId);
    if (!order || order.customerId !== customerId) throw notFound(CheckoutMessages.sessionNotFound);
    return order;
  }

  const HANDLED = new Set([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ]);

  async function orderOfSession(session: ProviderSession) {
    const reference = Number(session.clientReferenceId ?? session.metadata.orderId);
    const byReference =
      Number.isInteger(reference) && reference > 0 ? await orderQueries.findOrder(db, reference) : undefined;
    if (byReference && (!byReference.providerSessionId || byReference.providerSessionId === session.id))
      return byReference;
    return orderQueries.findOrderBySession(db, session.id);
  }

  return {
    createSession,
    fulfil,
    cancel,
    settle,

    /** The success page: asks the provider, fulfils a paid session, answers the order. Owner only. */
    async success(customerId: number, sessionId: string): Promise<Order> {
      const order = await ownedBySession(customerId, sessionId);
      if (order.status !== OrderStatus.Completed) {
        const session = await provider.retrieveSession(sessionId);
        if (session && isPaid(session)) await fulfil(order.id, session);
      }
      return orders.get(order.id);
    },

    /** The cancel page: expires the session first; a paid one is fulfilled instead. The cart is untouched. */
    async cancelled(customerId: number, sessionId: string): Promise<Order> {
      const order = await ownedBySession(customerId, sessionId);
      if (order.status === OrderStatus.Pending) await settle(order.id, { expire: true });
      return orders.get(order.id);
    },

    /** A verified provider event. Unknown types and unknown sessions are acknowledged and ignored. */
    async handleEvent(event: ProviderEvent): Promise<void> {
      if (!HANDLED.has(event.type) || !event.session) return;
      const session = event.session;
      const order = await orderOfSession(session);
      if (!order) {
        log.warn({ eventId: event.id, sessionId: session.id }, 'checkout: webhook event for an unknown session');
        return;
      }
      switch (event.type) {
        case 'checkout.session.completed':
          if (isPaid(session)) return fulfil(order.id, session, event);
          // An async payment (bank debit) is processing: its own event follows.
          await db.transaction((tx) => queries.recordEvent(tx, event, order.id));
          return;
        case 'checkout.session.async_payment_succeeded':
          return fulfil(order.id, session, event);
        default:
          return cancel(order.id, event);
      }
    },

    enqueueRefund,

    /**
     * Job `checkout.refund`: the payment of a cancelled order goes back (a late payment that could
     * not be honoured, or staff cancelled a paid order). The idempotency key is the order's, so a
     * retried or repeated job never refunds twice. The order's refund status ends `refunded`, or
     * `failed` when the provider refuses or the last attempt fails (staff see it).
     */
    async refund(
      { orderId, sessionId }: { orderId: number; sessionId: string },
      job: { attempts: number } = { attempts: 1 },
    ): Promise<void> {
      try {
        const refund = await provider.refund({ sessionId, idempotencyKey: `refund-order-${orderId}` });
        const failed = refund.status === 'failed' || refund.status === 'canceled';
        await orderQueries.updateOrder(db, orderId, {
          refundId: refund.id,
          refundStatus: failed ? 'failed' : 'refunded',
        });
      } catch (error) {
        // Nothing left to refund (refunded already, or never paid): retrying cannot help.
        if (error instanceof RefundRefusedError) {
          log.error({ err: error, orderId }, 'checkout: the provider refused the refund of a cancelled order');
          await orderQueries.updateOrder(db, orderId, { refundStatus: 'failed' });
          return;
        }
        if (job.attempts >= REFUND_MAX_ATTEMPTS)
          await orderQueries.updateOrder(db, orderId, { refundStatus: 'failed' });
        throw error;
      }
    },

    /** Job `checkout.reconcile`: Pending orders past expiry are settled; recent ones are asked about. */
    async reconcile(): Promise<void> {
      const at = now();
      const expired = await orderQueries.listPendingExpiredBefore(db, at, RECONCILE_BATCH);
      const recent = await orderQueries.listPendingCreatedSince(
        db,
        new Date(at.getTime() - RECONCILE_RECENT_MS),
        RECONCILE_BATCH,
      );
      const expiredIds = new Set(expired.map((o) => o.id));
      for (const { id } of expired) await settleQuietly(id, true);
      for (const { id } of recent) if (!expiredIds.has(id)) await settleQuietly(id, false);
    },
  };

  async function settleQuietly(orderId: number, expire: boolean) {
    try {
      await settle(orderId, { expire });
    } catch (error) {
      // One order the provider cannot answer about must not stop the others; the next pass retries.
      log.warn({ err: error, orderId }, 'checkout: reconciliation could not settle an order');
    }
  }
}

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

function orderItem(book: LockedBook, quantity: number) {
  return {
    bookId: book.id,
    title: book.title,
    imageKey: book.imageKey,
    priceFils: book.priceFils,
    discountPercentage: String(book.discountPercentage),
    discountedPriceFils: book.discountedPriceFils,
    quantity,
  };
}

function confirmationMail(to: string, order: orderQueries.OrderRow, items: orderQueries.OrderItemRow[]): Mail {
  const number = orderNumber(order.id);
  const money = (fils: number) => formatPrice(filsToAed(fils));
  const lines = items.map(
    (item) => `  ${item.quantity} × ${item.title} — ${money(item.discountedPriceFils * item.quantity)}`,
  );
  const text = [
    `Thank you for your order ${number}.`,
    '',
    ...lines,
    '',
    `Items: ${money(order.itemsTotalFils)}`,
    ...(order.discountTotalFils > 0 ? [`Discount: −${money(order.discountTotalFils)}`] : []),
    `${order.deliveryMethodName}: ${order.deliveryFeeFils === 0 ? 'Free' : money(order.deliveryFeeFils)}`,
    `Total paid: ${money(order.totalFils)}`,
    '',
    'Delivering to:',
    `  ${order.address}`,
    `  ${order.city}${order.zipCode ? ` ${order.zipCode}` : ''}, ${order.country}`,
    `  ${order.phoneNo}`,
  ].join('\n');
  return { to, subject: `Your order ${number} is confirmed`, text };
}
