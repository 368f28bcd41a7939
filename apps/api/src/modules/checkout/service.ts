import type { FastifyBaseLogger } from 'fastify';
import type { Address } from '@bookshop/contracts/addresses';
import {
  CHECKOUT_SESSION_MINUTES,
  CheckoutMessages,
  COD_COUNTRY,
  COD_FEE_FILS,
  COD_MAX_TOTAL_FILS,
  CodMessages,
  MAX_COPIES_PER_TITLE,
  PaymentMethodNames,
  type CashOrderPlaced,
  type CheckoutSession,
  type CreateCheckoutSession,
  type PaymentMethodOption,
  type PaymentMethodsQuery,
} from '@bookshop/contracts/checkout';
import { deliveryOptions, type DeliveryOrderSummary } from '@bookshop/contracts/delivery';
import { OrderStatus } from '@bookshop/contracts/enums';
import { filsToAed } from '@bookshop/contracts/money';
import { CancelReasons, OrderMessages, orderNumber, type Order } from '@bookshop/contracts/orders';
import { readTogether, type Database, type Tx } from '../../platform/db.ts';
import { badRequest, conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createLimiter, type Limiter } from '../../platform/limiter.ts';
import type { Contact } from '../auth/accounts-service.ts';
import { lockCartLines } from '../cart/service.ts';
import {
  checkStock,
  lockStock,
  prepareStockShortfall,
  PricesMoved,
  reserveStock,
  reserveStockAsPriced,
  type LockedBook,
  type StockLine,
} from '../catalogue/stock-service.ts';
import { destinationOf } from '../delivery/service.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import {
  findOrderRow,
  findOrderRowBySession,
  lockOpenOrders,
  orderItemRows,
  type OrderItemRow,
  type OrderRow,
  type OrdersService,
} from '../orders/service.ts';
import {
  isPaid,
  PaymentsUnavailableProblem,
  ProviderUnavailableError,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderSession,
} from '../payments/provider.ts';
import * as queries from './queries.ts';

/**
 * Checkout (docs/decisions/028-checkout-and-orders.md): a cart becomes a Pending order with its
 * copies reserved, in one transaction that also enqueues the order's expiry (transactional
 * outbox); the provider's session is created after that commits, never while rows are locked.
 * Every change of the order's status is orders' lifecycle (decision 063); checkout owns the
 * provider's sessions. A customer has at most one open (Pending) checkout: a new one answers it
 * again or replaces it (decision 057).
 */

/**
 * How long copies stay reserved for an unpaid checkout. Stripe refuses an `expires_at` under 30
 * minutes from its own clock; the Stripe provider adds its margin to what it sends (decision 027)
 * and checkout expires the session itself when the reservation ends.
 */
export const SESSION_LIFETIME_MS = CHECKOUT_SESSION_MINUTES * 60_000;
export const RECONCILE_INTERVAL_SECONDS = 300;

export const CheckoutJobKind = {
  Expire: 'checkout.expire',
  Reconcile: 'checkout.reconcile',
} as const;

export type CheckoutDeps = {
  db: Database;
  provider: PaymentProvider;
  jobs: Pick<Jobs, 'enqueue'>;
  lifecycle: Pick<
    OrderLifecycle,
    | 'placePending'
    | 'cancelReplaced'
    | 'confirmCashOrder'
    | 'wakeMailer'
    | 'attachSession'
    | 'fulfil'
    | 'cancelUnpaid'
    | 'settle'
  >;
  cart: {
    deliveryOrderSummary(customerId: number): Promise<Omit<DeliveryOrderSummary, 'destination'>>;
    lineQuantities(customerId: number): Promise<StockLine[]>;
  };
  orders: Pick<OrdersService, 'get' | 'hasOpenCheckout'>;
  accounts: { contact(accountId: number, options: { tx: Tx }): Promise<Contact | null> };
  addresses: { get(customerId: number, id: number, options?: { tx?: Tx }): Promise<Address> };
  delivery: { feeFils(code: CreateCheckoutSession['deliveryMethod'], order: DeliveryOrderSummary): number };
  log: FastifyBaseLogger;
  now: () => Date;
  /** Placing transactions run a few at once (decision 113). */
  placing: Limiter;
  /** `checkStock`'s refusal of these lines as last committed, by a prepared statement (decision 121). */
  stockShortfall: (lines: StockLine[]) => Promise<HttpProblem | undefined>;
};

/**
 * How many placing transactions one instance runs at once (decision 113): enough to keep
 * PostgreSQL's cores busy between one transaction's round trips, few enough that a burst of
 * customers for the last copies waits in memory rather than in the books' lock queues, and most
 * of the pool (10 connections) stays free for everything else the instance serves meanwhile.
 */
const PLACING_AT_ONCE = 4;

/** An open checkout is answered again only while this much of its reservation is left (decision 057). */
const REUSE_MIN_REMAINING_MS = 5 * 60_000;
/** Rounds of "expire the open checkout, then place" before a customer racing themselves is told to retry. */
const PLACE_ATTEMPTS = 4;

type SessionItem = Pick<OrderItemRow, 'title' | 'discountedPriceFils' | 'quantity'>;
type Plan =
  | { kind: 'placed'; order: OrderRow; items: SessionItem[]; email: string }
  | { kind: 'cash'; order: OrderRow }
  | { kind: 'reuse'; order: OrderRow }
  | { kind: 'replace'; orders: OrderRow[] }
  | { kind: 'reprice' };

/** Rolls the placing transaction back: these open checkouts' payment pages must be expired first. */
class ExpireFirst extends Error {
  constructor(readonly orders: OrderRow[]) {
    super('the open checkouts must be expired first');
  }
}

/** The open order was made from this very cart, address and delivery method. */
function isSameCheckout(
  order: OrderRow,
  items: OrderItemRow[],
  lines: { bookId: number; quantity: number }[],
  address: Address,
  input: CreateCheckoutSession,
) {
  const own = items.filter((item) => item.orderId === order.id);
  return (
    input.paymentMethod !== 'cod' &&
    order.deliveryMethodCode === input.deliveryMethod &&
    order.address === address.address &&
    order.country === address.country &&
    order.city === address.city &&
    order.phoneNo === address.phoneNo &&
    order.zipCode === address.zipCode &&
    order.emirate === address.emirate &&
    (address.recipientName === null || order.recipientName === address.recipientName) &&
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

/**
 * The address the order goes to, with the refusals that come before stock: 404 for an address
 * that is not the customer's, 409 for cash on delivery outside the UAE.
 */
async function deliveryAddress(deps: CheckoutDeps, customerId: number, input: CreateCheckoutSession, tx?: Tx) {
  const address = await deps.addresses.get(customerId, input.addressId, { tx }).catch((error: unknown) => {
    if (error instanceof HttpProblem && error.status === 404) throw notFound(CheckoutMessages.addressNotFound);
    throw error;
  });
  if (input.paymentMethod === 'cod' && address.country !== COD_COUNTRY) throw conflict(CodMessages.outsideUae);
  return address;
}

/**
 * Refuses a cart the books can no longer fill before the placing transaction (decision 121). In a
 * burst for the last copies nearly every customer is refused, and this way a refusal costs four
 * plain reads by prepared statements (the address's too) instead of a transaction of seven
 * statements under the customer's lock. It runs in the limiter's place, so it reads the stock as
 * the placings before it left it. It only ever refuses for stock, after the address refusals that
 * come first, as the transaction would; an empty cart, too many copies of a title, a customer with
 * an open checkout (whose copies would come back) and a cart that can be filled go on to the
 * transaction, which decides them as before.
 */
async function refuseSoldOut(deps: CheckoutDeps, customerId: number, input: CreateCheckoutSession) {
  const [lines, open] = await readTogether(
    deps.db,
    () => deps.cart.lineQuantities(customerId),
    () => deps.orders.hasOpenCheckout(customerId),
  );
  if (open || lines.length === 0 || lines.some((line) => line.quantity > MAX_COPIES_PER_TITLE)) return;
  const refusal = await deps.stockShortfall(lines);
  if (!refusal) return;
  await deliveryAddress(deps, customerId, input);
  throw refusal;
}

/**
 * One transaction under the customer's checkout lock (decision 057): refuses what cannot be
 * placed, answers the open checkout when the cart, address and delivery method are unchanged,
 * else cancels the open ones (their copies back) and places the new order with its copies
 * reserved. An open checkout whose payment page was not yet expired by this call rolls it all
 * back (`ExpireFirst`): its page is expired first, outside any lock, and the caller comes again.
 *
 * The books' row locks are what every customer of a popular book queues on, so they are taken
 * last (decision 099): with no open checkout to replace, the order is priced from the books as
 * last committed (a book already sold out is refused there, without queueing), written with its
 * lines, job and mail address, and only then are the books locked, checked again and their copies
 * taken — a few statements before the commit. A price that moved in between rolls it back
 * (`PricesMoved`) and the caller comes again with `lockFirst`, the order priced under the locks.
 * Replacing an open checkout always locks first: its copies go back before the new ones are taken.
 */
async function placeOrder(
  deps: CheckoutDeps,
  customerId: number,
  input: CreateCheckoutSession,
  stopped: ReadonlySet<number>,
  lockFirst: boolean,
) {
  const { db, lifecycle, now } = deps;
  try {
    return await db.transaction(async (tx): Promise<Plan> => {
      await queries.lockCheckout(tx, customerId);
      const open = await lockOpenOrders(customerId, { tx });
      const lines = await lockCartLines(customerId, { tx });
      if (lines.length === 0) throw badRequest(CheckoutMessages.emptyCart);
      if (lines.some((line) => line.quantity > MAX_COPIES_PER_TITLE))
        throw conflict(CheckoutMessages.copiesPerTitleMax);
      const address = await deliveryAddress(deps, customerId, input, tx);
      const cod = input.paymentMethod === 'cod';
      const openItems = await orderItemRows(
        open.map((order) => order.id),
        { tx },
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

      const lockLast = open.length === 0 && !lockFirst;
      if (!lockLast) await lockStock(tx, [...openItems, ...lines]);
      const createdAt = now();
      if (!lockLast) await lifecycle.cancelReplaced(tx, open, openItems, createdAt);
      const seen = await checkStock(tx, lines, { shownOnly: true, lock: !lockLast });
      const books = new Map(seen.map((book) => [book.id, book]));
      const priced = lines.map((line) => ({ ...line, book: books.get(line.bookId)! }));
      const itemsTotalFils = sum(priced, (l) => l.book.priceFils * l.quantity);
      const paidFils = sum(priced, (l) => l.book.discountedPriceFils * l.quantity);
      const summary = {
        itemsTotalFils: paidFils,
        allItemsNextDayEligible: priced.every((l) => l.book.nextDayEligible),
        destination: destinationOf(address),
      };
      const deliveryFeeFils = deps.delivery.feeFils(input.deliveryMethod, summary);
      const method = deliveryOptions(summary).find((o) => o.code === input.deliveryMethod)!;
      const codFeeFils = cod ? COD_FEE_FILS : 0;
      const totalFils = paidFils + deliveryFeeFils + codFeeFils;
      if (cod && totalFils > COD_MAX_TOTAL_FILS) throw conflict(CodMessages.overLimit);
      // A cash-on-delivery order never expires (its copies wait for the courier): the column keeps its placing time.
      const expiresAt = cod ? createdAt : new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
      const customer = await deps.accounts.contact(customerId, { tx });
      const items = priced.map(({ book, quantity }) => orderItem(book, quantity));
      const order = await lifecycle.placePending(
        tx,
        {
          customerId,
          createdAt,
          expiresAt,
          deliveryMethodCode: method.code,
          deliveryMethodName: method.name,
          deliveryFeeFils,
          codFeeFils,
          paymentMethod: input.paymentMethod ?? 'card',
          itemsTotalFils,
          discountTotalFils: itemsTotalFils - paidFils,
          totalFils,
          address: address.address,
          country: address.country,
          city: address.city,
          phoneNo: address.phoneNo,
          zipCode: address.zipCode,
          emirate: address.emirate,
          // The courier asks for someone by name: the address's recipient, else the customer.
          recipientName: address.recipientName ?? customer?.fullName ?? null,
          provider: deps.provider.name,
        },
        items,
      );
      // The copies are taken once the order has the id their `sale` movements name: here when the
      // books are locked since checkStock, else as the transaction's last step (decision 099).
      const reserve = () => reserveStockAsPriced(tx, lines, { orderId: order.id, priced: seen });
      if (!lockLast) await reserveStock(tx, lines, { orderId: order.id, shownOnly: true });
      // The outbox: the order cannot exist without the job that releases its copies (a
      // cash-on-delivery order keeps them until it is delivered or cancelled: decision 081).
      if (!cod)
        await deps.jobs.enqueue(
          tx,
          CheckoutJobKind.Expire,
          { orderId: order.id },
          { runAt: expiresAt, key: `checkout.expire:${order.id}` },
        );
      // Everything above was checked with the open checkouts' copies back; now their pages must
      // go before those copies may: roll back, expire them, and come again.
      const payable = open.filter((o) => o.providerSessionId !== null && !stopped.has(o.id));
      if (payable.length > 0) throw new ExpireFirst(payable);
      if (cod) {
        await lifecycle.confirmCashOrder(tx, order, items);
        if (lockLast) await reserve();
        return { kind: 'cash', order };
      }
      if (lockLast) await reserve();
      return { kind: 'placed', order, items, email: customer?.emailAddress ?? '' };
    });
  } catch (error) {
    if (error instanceof ExpireFirst) return { kind: 'replace', orders: error.orders } satisfies Plan;
    if (error instanceof PricesMoved) return { kind: 'reprice' } satisfies Plan;
    throw error;
  }
}

/**
 * A customer has at most one open checkout (decision 057): an unchanged cart answers the open
 * one again; a changed one replaces it, its payment page expired before its copies go back.
 */
export async function createSession(
  deps: CheckoutDeps,
  customerId: number,
  input: CreateCheckoutSession,
  back: ReturnTo,
): Promise<CheckoutSession | CashOrderPlaced> {
  const stopped = new Set<number>();
  let lockFirst = false;
  for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
    const plan = await deps.placing(async () => {
      if (attempt === 0) await refuseSoldOut(deps, customerId, input);
      return placeOrder(deps, customerId, input, stopped, lockFirst);
    });
    if (plan.kind === 'reprice') {
      lockFirst = true;
      continue;
    }
    if (plan.kind === 'replace') {
      for (const order of plan.orders) {
        await stopPayment(deps, order.id, order.providerSessionId!);
        stopped.add(order.id);
      }
      continue;
    }
    if (plan.kind === 'reuse') {
      const answer = await reopen(deps, plan.order, back);
      if (answer) return answer;
      stopped.add(plan.order.id);
      continue;
    }
    if (plan.kind === 'cash') {
      deps.lifecycle.wakeMailer();
      // The shop's own confirmation page: nothing to pay now.
      return { orderId: plan.order.id, url: `${languagePrefix(back)}/checkout/success?orderId=${plan.order.id}` };
    }
    return openPaymentPage(deps, plan.order, plan.items, plan.email, back);
  }
  // Only a customer racing themselves from several tabs gets here.
  throw conflict(CheckoutMessages.checkoutReplaced);
}

/**
 * Where the payment page sends the customer back to: the origin they browse the shop by (decision
 * 070), in the language of the page they left (decision 089; English unless said).
 */
export type ReturnTo = { origin: string; language?: 'en' | 'ar' };

/** '/ar' before the shop's own paths for a customer who checked out from an Arabic page. */
const languagePrefix = (back: ReturnTo) => (back.language === 'ar' ? '/ar' : '');

/**
 * The start of the success and cancel URLs: none on a payment page of the shop's own (the
 * sandbox), so the customer comes back to the origin they left by and stays logged in; the
 * origin otherwise, as Stripe wants absolute URLs.
 */
const returnBase = (provider: PaymentProvider, back: ReturnTo) =>
  (provider.hostedOnShop ? '' : back.origin) + languagePrefix(back);

/** The provider's session for an order, built from the order alone: the same order asks the same session. */
const sessionInput = (base: string, order: OrderRow, items: SessionItem[], email: string): CreateSessionInput => ({
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
  successUrl: `${base}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${base}/checkout/cancel?session_id={CHECKOUT_SESSION_ID}`,
  idempotencyKey: `checkout-order-${order.id}`,
});

const answerOf = (order: OrderRow, session: ProviderSession & { url: string }): CheckoutSession => ({
  orderId: order.id,
  sessionId: session.id,
  url: session.url,
  expiresAt: order.expiresAt.toISOString(),
});

/** Opens (or, for the same order, answers again) the payment page of a Pending order. */
async function openPaymentPage(
  deps: CheckoutDeps,
  order: OrderRow,
  items: SessionItem[],
  email: string,
  back: ReturnTo,
): Promise<CheckoutSession> {
  try {
    const session = await deps.provider.createSession(
      sessionInput(returnBase(deps.provider, back), order, items, email),
    );
    if (!(await deps.lifecycle.attachSession(order.id, session))) {
      // A newer checkout replaced this order while its page was being opened: nobody may pay it.
      await stopPayment(deps, order.id, session.id);
      throw conflict(CheckoutMessages.checkoutReplaced);
    }
    if (!session.url) throw new ProviderUnavailableError('the provider answered a session without a payment page');
    return answerOf(order, { ...session, url: session.url });
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    // Nobody can pay for this order now: give the copies back at once rather than in 30 minutes.
    deps.log.warn({ err: error, orderId: order.id }, 'checkout: the payment provider failed; order cancelled');
    await deps.lifecycle.cancelUnpaid(order.id);
    if (error instanceof ProviderUnavailableError) throw new PaymentsUnavailableProblem();
    throw error;
  }
}

/** The open checkout of an unchanged cart, answered again; undefined when its page can no longer be paid. */
async function reopen(deps: CheckoutDeps, order: OrderRow, back: ReturnTo): Promise<CheckoutSession | undefined> {
  const { db, provider } = deps;
  if (!order.providerSessionId) {
    // Its first request is still opening the page (or died doing so): the same key answers the same session.
    const items = await orderItemRows([order.id], { tx: db });
    const customer = await deps.accounts.contact(order.customerId, { tx: db });
    return openPaymentPage(deps, order, items, customer?.emailAddress ?? '', back);
  }
  const session = await providerCall(() => provider.retrieveSession(order.providerSessionId!));
  if (session && isPaid(session)) {
    await deps.lifecycle.fulfil(order.id, session);
    return undefined;
  }
  return session?.status === 'open' && session.url ? answerOf(order, { ...session, url: session.url }) : undefined;
}

/**
 * Expires a replaced checkout's payment page before its copies go back. One paid meanwhile (in
 * another tab) is fulfilled instead; a payment that still completes later takes the path of a
 * payment for a cancelled order (orders' `fulfil`): honoured while the copies last, else refunded.
 */
async function stopPayment(deps: CheckoutDeps, orderId: number, sessionId: string) {
  const session = await providerCall(() => deps.provider.expireSession(sessionId));
  if (isPaid(session)) await deps.lifecycle.fulfil(orderId, session);
}

async function ownedBySession(deps: CheckoutDeps, customerId: number, sessionId: string) {
  const order = await findOrderRowBySession(sessionId, { tx: deps.db });
  if (!order || order.customerId !== customerId) throw notFound(CheckoutMessages.sessionNotFound);
  return order;
}

/** The success page: asks the provider, fulfils a paid session, answers the order. Owner only. */
export async function success(deps: CheckoutDeps, customerId: number, sessionId: string): Promise<Order> {
  const order = await ownedBySession(deps, customerId, sessionId);
  if (order.status !== OrderStatus.Completed) {
    const session = await deps.provider.retrieveSession(sessionId);
    if (session && isPaid(session)) await deps.lifecycle.fulfil(order.id, session);
  }
  return deps.orders.get(order.id);
}

/** The cancel page: expires the session first; a paid one is fulfilled instead. The cart is untouched. */
export async function cancelled(deps: CheckoutDeps, customerId: number, sessionId: string): Promise<Order> {
  const order = await ownedBySession(deps, customerId, sessionId);
  if (order.status === OrderStatus.Pending)
    await deps.lifecycle.settle(order.id, { expire: true, reason: CancelReasons.paymentPageLeft });
  return deps.orders.get(order.id);
}

/**
 * Pay now (decision 072): the customer's own Pending order answers its payment page again while
 * the page can still be paid. One paid meanwhile is fulfilled, one whose time is up is cancelled
 * as expired; either way 409, as for an order no longer Pending. Another customer's is 404.
 */
export async function paymentSession(
  deps: CheckoutDeps,
  customerId: number,
  orderId: number,
  back: ReturnTo,
): Promise<CheckoutSession> {
  const order = await findOrderRow(orderId, { tx: deps.db });
  if (order?.customerId !== customerId) throw notFound(OrderMessages.notFound);
  if (order.status !== OrderStatus.Pending) throw conflict(OrderMessages.notAwaitingPayment);
  if (order.paymentMethod === 'cod') throw conflict(CodMessages.notPayable);
  if (order.expiresAt.getTime() > deps.now().getTime()) {
    const answer = await reopen(deps, order, back);
    if (answer) return answer;
  }
  // Its page is gone (or its time is): bring the order to its end now rather than at the next job.
  await providerCall(() => deps.lifecycle.settle(order.id, { expire: true }));
  throw conflict(OrderMessages.notAwaitingPayment);
}

/** Why cash on delivery cannot be chosen for this address and total (fee included), or null. */
export function cashRefusal(country: string, totalWithoutFeeFils: number): string | null {
  if (country !== COD_COUNTRY) return CodMessages.outsideUae;
  if (totalWithoutFeeFils + COD_FEE_FILS > COD_MAX_TOTAL_FILS) return CodMessages.overLimit;
  return null;
}

/**
 * `GET v1/checkout/payment-methods`: both methods for the customer's cart, this address and
 * delivery method, cash on delivery with its fee and, when it cannot be chosen, why. The same
 * rules are checked again when the order is placed.
 */
export async function paymentMethods(
  deps: CheckoutDeps,
  customerId: number,
  query: PaymentMethodsQuery,
): Promise<PaymentMethodOption[]> {
  const address = await deps.addresses.get(customerId, query.addressId).catch((error: unknown) => {
    if (error instanceof HttpProblem && error.status === 404) throw notFound(CheckoutMessages.addressNotFound);
    throw error;
  });
  const cart = await deps.cart.deliveryOrderSummary(customerId);
  const summary = { ...cart, destination: destinationOf(address) };
  const deliveryFeeFils = deps.delivery.feeFils(query.deliveryMethod, summary);
  const reason = cashRefusal(address.country, cart.itemsTotalFils + deliveryFeeFils);
  return [
    { code: 'card', name: PaymentMethodNames.card, available: true, fee: 0, reason: null },
    {
      code: 'cod',
      name: PaymentMethodNames.cod,
      available: reason === null,
      fee: filsToAed(COD_FEE_FILS),
      reason,
    },
  ];
}

/** The use cases above bound to their dependencies, as the routes call them. */
export function createCheckoutService(
  deps: Omit<CheckoutDeps, 'now' | 'placing' | 'stockShortfall'> & { now?: () => Date },
) {
  const bound: CheckoutDeps = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    placing: createLimiter(PLACING_AT_ONCE),
    stockShortfall: prepareStockShortfall(deps.db),
  };
  return {
    createSession: (customerId: number, input: CreateCheckoutSession, back: ReturnTo) =>
      createSession(bound, customerId, input, back),
    paymentMethods: (customerId: number, query: PaymentMethodsQuery) => paymentMethods(bound, customerId, query),
    success: (customerId: number, sessionId: string) => success(bound, customerId, sessionId),
    cancelled: (customerId: number, sessionId: string) => cancelled(bound, customerId, sessionId),
    paymentSession: (customerId: number, orderId: number, back: ReturnTo) =>
      paymentSession(bound, customerId, orderId, back),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

function orderItem(book: LockedBook, quantity: number) {
  return {
    bookId: book.id,
    title: book.title,
    titleAr: book.titleAr,
    imageKey: book.imageKey,
    priceFils: book.priceFils,
    discountPercentage: String(book.discountPercentage),
    discountedPriceFils: book.discountedPriceFils,
    quantity,
  };
}
