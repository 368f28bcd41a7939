import { OrderStatus } from '@bookshop/contracts/enums';
import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { OrderMessages, orderNumber, type Order } from '@bookshop/contracts/orders';
import {
  RETURN_WINDOW_DAYS,
  ReturnMessages,
  type CreateReturn,
  type ReturnQuery,
  type ReturnStatus,
  type StaffReturn,
  type UpdateReturn,
} from '@bookshop/contracts/returns';
import { toPage, type Page } from '@bookshop/contracts/pagination';
import { Routes } from '@bookshop/contracts/routes';
import { readTogether, type Database, type Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mailer.ts';
import { moveStock } from '../catalogue/stock-service.ts';
import type { Invoicing } from '../invoicing/service.ts';
import { StaffEventKind, type StaffNotify } from '../staff-notify/service.ts';
import { RefundRefusedError, type PaymentProvider } from '../payments/provider.ts';
import { moneyIn, pageUrl, textMail, type Recipient } from '../../platform/mail-language.ts';
import { ORDER_MAIL_TEXTS, signOff } from './mails.ts';
import { REFUND_MAX_ATTEMPTS } from './lifecycle.ts';
import * as queries from './queries.ts';
import * as returnQueries from './return-queries.ts';
import type { OrdersService } from './service.ts';

/**
 * Returns (issue 22, decision 080). A customer asks to send back delivered copies within
 * RETURN_WINDOW_DAYS of the order's last delivery; staff approve or reject, then receive the
 * parcel: the returned lines are refunded at the price paid (a partial refund through the
 * provider, one idempotency key per return) and, if staff say so, put back in stock. A request
 * takes the order's row lock, so two requests cannot return the same copies twice; a step takes
 * the return's row lock, so two `received` at once refund and restock once.
 */

/** The refund of a received return; its job may run twice, the provider's key refunds once. */
export const RETURN_REFUND_JOB = 'orders.return-refund';

export type ReturnsDeps = {
  db: Database;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  accounts: {
    mailRecipient(accountId: number, options: { tx: Tx }): Promise<Recipient | null>;
  };
  orders: Pick<OrdersService, 'getForCustomer'>;
  provider: Pick<PaymentProvider, 'refund'>;
  log: { error(obj: object, msg: string): void };
  publicUrl: string;
  supportEmail: string;
  staffNotify: Pick<StaffNotify, 'record'>;
  /** A received return's money goes back: its credit note (decision 085). */
  invoicing: Pick<Invoicing, 'issueReturnCreditNote' | 'attachmentOf'>;
  now: () => Date;
};

const DAY_MS = 86_400_000;

/** The customer's mail for each step, queued in the step's transaction: once each. */
function returnMail(
  { emailAddress, name, language }: Recipient,
  step: ReturnStatus,
  ret: { id: number; orderId: number; refundFils: number; refundStatus: string | null },
  links: { publicUrl: string; supportEmail: string },
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const said = texts.returns;
  const number = orderNumber(ret.orderId);
  const refund = moneyIn(language, ret.refundFils);
  const what =
    step === 'received'
      ? `${said.received(number)} ${ret.refundStatus === 'owed' ? said.owed(refund) : said.refunding(refund)}`
      : said[step](number);
  const text = [
    texts.hello(name),
    '',
    what,
    '',
    texts.yourOrderLink(pageUrl(links.publicUrl, Routes.order.replace(':id', String(ret.orderId)), language)),
    '',
    ...signOff(language, number, links.supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: said.subject(number, step), text });
}

async function mailCustomer(
  deps: ReturnsDeps,
  tx: Tx,
  customerId: number,
  step: ReturnStatus,
  ret: Parameters<typeof returnMail>[2],
  attachments: Mail['attachments'] = [],
) {
  const recipient = await deps.accounts.mailRecipient(customerId, { tx });
  if (!recipient) return false;
  await deps.mailer.enqueue(tx, {
    ...returnMail(recipient, step, ret, { publicUrl: deps.publicUrl, supportEmail: deps.supportEmail }),
    ...(attachments.length > 0 && { attachments }),
  });
  return true;
}

/** `POST v1/orders/{id}/returns`: the customer's own order; 409 outside the window or beyond the copies delivered. */
export async function requestReturn(
  deps: ReturnsDeps,
  customerId: number,
  orderId: number,
  input: CreateReturn,
): Promise<Order> {
  let mailed = false;
  await deps.db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (order?.customerId !== customerId) throw notFound(OrderMessages.notFound);
    if (order.status === OrderStatus.Cancelled) throw conflict(ReturnMessages.notDelivered);
    const [delivered, returned, items] = await readTogether(
      tx,
      () => returnQueries.deliveredCopies(tx, orderId),
      () => returnQueries.returnedCopies(tx, orderId),
      () => queries.listItems(tx, [orderId]),
    );
    if (delivered.length === 0) throw conflict(ReturnMessages.notDelivered);
    const now = deps.now();
    const lastDelivery = Math.max(...delivered.map((line) => line.lastDeliveredAt.getTime()));
    if (now.getTime() > lastDelivery + RETURN_WINDOW_DAYS * DAY_MS) throw conflict(ReturnMessages.windowClosed);
    const deliveredOf = new Map(delivered.map((line) => [line.bookId, line.quantity]));
    const returnedOf = new Map(returned.map((line) => [line.bookId, line.quantity]));
    const itemOf = new Map(items.map((item) => [item.bookId, item]));
    const lines = input.lines.map((line) => {
      const item = itemOf.get(line.bookId);
      if (!item) throw conflict(ReturnMessages.lineNotInOrder(line.bookId));
      const left = (deliveredOf.get(line.bookId) ?? 0) - (returnedOf.get(line.bookId) ?? 0);
      if (line.quantity > left) throw conflict(ReturnMessages.lineTooMany(item.title, Math.max(0, left)));
      return { bookId: line.bookId, quantity: line.quantity, priceFils: item.discountedPriceFils };
    });
    const refundFils = lines.reduce((sum, line) => sum + line.priceFils * line.quantity, 0);
    const ret = await returnQueries.insertReturn(
      tx,
      { orderId, status: 'requested', reason: input.reason, refundFils, createdAt: now },
      lines,
    );
    await returnQueries.insertReturnEvent(tx, { returnId: ret.id, status: 'requested', at: now });
    const copies = lines.reduce((sum, line) => sum + line.quantity, 0);
    await deps.staffNotify.record(tx, {
      kind: StaffEventKind.ReturnRequested,
      orderId,
      summary: `return asked for: ${copies} ${copies === 1 ? 'book' : 'books'}, ${formatPrice(filsToAed(refundFils))} — ${input.reason}`,
    });
    mailed = await mailCustomer(deps, tx, customerId, 'requested', ret);
  });
  if (mailed) deps.mailer.wake();
  return deps.orders.getForCustomer(customerId, orderId);
}

async function staffReturn(tx: Tx, id: number): Promise<StaffReturn> {
  const row = await returnQueries.findReturn(tx, id);
  if (!row) throw notFound(ReturnMessages.notFound);
  const [ret] = await returnQueries.loadReturns(tx, [row]);
  return {
    ...ret!,
    orderNumber: orderNumber(row.orderId),
    customerEmail: (await queries.customerEmails(tx, [row.orderId])).get(row.orderId) ?? '',
  };
}

/**
 * `PATCH v1/returns/{id}`: approve or reject a request, receive an approved return (refund, and
 * restock if asked), or mark a cash-on-delivery refund paid. Receiving twice changes nothing.
 */
export async function updateReturn(
  deps: ReturnsDeps,
  id: number,
  input: UpdateReturn,
  staffId: number,
): Promise<StaffReturn> {
  let mailed = false;
  let refundQueued = false;
  await deps.db.transaction(async (tx) => {
    const ret = await returnQueries.findReturn(tx, id, { lock: true });
    if (!ret) throw notFound(ReturnMessages.notFound);
    const order = (await queries.findOrder(tx, ret.orderId))!;
    const now = deps.now();
    const note = input.note || null;
    if (input.status === undefined) {
      if (ret.refundStatus !== 'owed') throw conflict(ReturnMessages.refundNotOwed);
      await returnQueries.updateReturn(tx, id, { refundStatus: 'paid' });
      return;
    }
    if (input.status === 'received' && ret.status === 'received') return;
    if (input.status !== 'received' && ret.status !== 'requested') throw conflict(ReturnMessages.notRequested);
    if (input.status === 'received' && ret.status !== 'approved') throw conflict(ReturnMessages.notApproved);
    if (input.restock && input.status !== 'received')
      throw badRequest('restock applies only when the return is received.', {
        restock: ['restock applies only when the return is received.'],
      });
    const changes: Partial<returnQueries.ReturnRow> = { status: input.status };
    const attachments: Mail['attachments'] = [];
    if (input.status === 'received') {
      changes.refundStatus = order.paymentMethod === 'cod' ? 'owed' : 'pending';
      const lines = await returnQueries.listReturnLines(tx, [id]);
      // The returned lines' money is owed back from now on, by card or in cash: its credit note.
      const creditNote = await deps.invoicing.issueReturnCreditNote(
        tx,
        order,
        { id, lines },
        await queries.listItems(tx, [order.id]),
        now,
      );
      if (creditNote) attachments.push(deps.invoicing.attachmentOf(creditNote));
      if (input.restock) {
        await moveStock(
          tx,
          lines.map((line) => ({
            bookId: line.bookId,
            delta: line.quantity,
            reason: 'returned' as const,
            orderId: ret.orderId,
            returnId: id,
            staffId,
            note,
          })),
        );
        changes.restockedAt = now;
      }
      if (changes.refundStatus === 'pending') {
        await deps.jobs.enqueue(tx, RETURN_REFUND_JOB, { returnId: id }, { key: `return-refund:${id}` });
        refundQueued = true;
      }
    }
    await returnQueries.updateReturn(tx, id, changes);
    await returnQueries.insertReturnEvent(tx, { returnId: id, status: input.status, staffId, note, at: now });
    mailed = await mailCustomer(
      deps,
      tx,
      order.customerId,
      input.status,
      { ...ret, refundStatus: changes.refundStatus ?? null },
      attachments,
    );
  });
  if (refundQueued) deps.jobs.wake();
  if (mailed) deps.mailer.wake();
  return staffReturn(deps.db, id);
}

/** `GET v1/returns`: oldest first, optionally of one status. */
export async function listReturns(deps: Pick<ReturnsDeps, 'db'>, query: ReturnQuery): Promise<Page<StaffReturn>> {
  const { found, total } = await returnQueries.pageReturns(
    deps.db,
    query.status,
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  const loaded = await returnQueries.loadReturns(deps.db, found);
  const emails = await queries.customerEmails(
    deps.db,
    found.map((row) => row.orderId),
  );
  const data = loaded.map((ret) => ({
    ...ret,
    orderNumber: orderNumber(ret.orderId),
    customerEmail: emails.get(ret.orderId) ?? '',
  }));
  return toPage(data, total, query);
}

/**
 * The refund job: the returned lines' price goes back to the card, a partial refund whose
 * idempotency key is the return's, so a repeated job refunds once. Ends `refunded`, or `failed`
 * when the provider refuses or the last attempt fails (staff see it).
 */
export async function refundReturn(
  deps: Pick<ReturnsDeps, 'db' | 'provider' | 'log'>,
  { returnId }: { returnId: number },
  job: { attempts: number } = { attempts: 1 },
): Promise<void> {
  const { db } = deps;
  const ret = await returnQueries.findReturn(db, returnId);
  if (ret?.refundStatus !== 'pending') return;
  const order = (await queries.findOrder(db, ret.orderId))!;
  try {
    if (!order.providerSessionId) throw new RefundRefusedError(`Order ${order.id} has no payment`);
    const refund = await deps.provider.refund({
      sessionId: order.providerSessionId,
      amountFils: ret.refundFils,
      idempotencyKey: `refund-return-${returnId}`,
    });
    const failed = refund.status === 'failed' || refund.status === 'canceled';
    await returnQueries.updateReturn(db, returnId, {
      refundId: refund.id,
      refundStatus: failed ? 'failed' : 'refunded',
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      deps.log.error({ err: error, returnId }, 'returns: the provider refused the refund of a return');
      await returnQueries.updateReturn(db, returnId, { refundStatus: 'failed' });
      return;
    }
    if (job.attempts >= REFUND_MAX_ATTEMPTS) await returnQueries.updateReturn(db, returnId, { refundStatus: 'failed' });
    throw error;
  }
}

/** The use cases above bound to their dependencies, as module.ts hands them to the routes and jobs. */
export function createReturns(deps: Omit<ReturnsDeps, 'now'> & { now?: () => Date }) {
  const bound: ReturnsDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    request: (customerId: number, orderId: number, input: CreateReturn) =>
      requestReturn(bound, customerId, orderId, input),
    update: (id: number, input: UpdateReturn, staffId: number) => updateReturn(bound, id, input, staffId),
    list: (query: ReturnQuery) => listReturns(bound, query),
    refund: (payload: { returnId: number }, job?: { attempts: number }) => refundReturn(bound, payload, job),
  };
}
export type Returns = ReturnType<typeof createReturns>;
