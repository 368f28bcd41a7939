import { CodMessages } from '@bookshop/contracts/checkout';
import { OrderStatus } from '@bookshop/contracts/enums';
import {
  carrierOf,
  FulfilmentMessages,
  trackingUrl,
  type FulfilmentStatus,
  type ShipmentLine,
  type UpdateShipment,
} from '@bookshop/contracts/fulfilment';
import { OrderMessages, type StaffOrder } from '@bookshop/contracts/orders';
import { readTogether, type Database, type Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';
import { deliveredMail, shippedMail } from './fulfilment-mails.ts';
import type { Invoicing } from '../invoicing/service.ts';
import { collectCash } from './lifecycle.ts';
import * as queries from './queries.ts';
import type { OrdersService } from './service.ts';

/**
 * What happens to a paid order after the sale (issue 22, decision 078): staff pack it, ship it in
 * one or more parcels and mark each delivered. Fulfilment is a second dimension beside the order's
 * status, which lifecycle.ts keeps; both take the order's row lock, so two staff shipping the same
 * copies at once ship them once, and a cancellation and a shipment cannot both win. Stock is not
 * touched: the copies were sold when the order was paid.
 */

/** The job that queues a fulfilment mail once, whatever times it runs. */
export const FULFILMENT_MAIL_JOB = 'orders.fulfilment-mail';
export type FulfilmentMailJob = { kind: 'shipped'; shipmentId: number } | { kind: 'delivered'; orderId: number };

export type FulfilmentDeps = {
  db: Database;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  accounts: {
    mailRecipient(accountId: number, options: { tx: Tx }): Promise<Recipient | null>;
  };
  orders: Pick<OrdersService, 'getForStaff'>;
  /** The invoice of a cash-on-delivery order, issued when the courier collects the cash (decision 085). */
  invoicing: Pick<Invoicing, 'issueInvoice' | 'attachmentOf'>;
  publicUrl: string;
  supportEmail: string;
  now: () => Date;
};

/**
 * The order locked for a fulfilment change, refused (409) when it is cancelled or, paid by card,
 * not paid yet. A cash-on-delivery order may be packed and shipped while Pending.
 */
async function lockFulfillable(tx: Tx, orderId: number): Promise<queries.OrderRow> {
  const order = await queries.findOrder(tx, orderId, { lock: true });
  if (!order) throw notFound(OrderMessages.notFound);
  if (order.status === OrderStatus.Cancelled) throw conflict(FulfilmentMessages.cancelled);
  if (order.status === OrderStatus.Pending && order.paymentMethod === 'card')
    throw conflict(FulfilmentMessages.notPaid);
  return order;
}

const enqueueMail = (deps: Pick<FulfilmentDeps, 'jobs'>, tx: Tx, job: FulfilmentMailJob) =>
  deps.jobs.enqueue(tx, FULFILMENT_MAIL_JOB, job, {
    key:
      job.kind === 'shipped' ? `fulfilment-mail:shipped:${job.shipmentId}` : `fulfilment-mail:delivered:${job.orderId}`,
  });

/** `PATCH v1/orders/{id}/fulfilment` { status: 'packed' }: only an unfulfilled paid order. */
export async function pack(deps: FulfilmentDeps, orderId: number, staffId: number): Promise<StaffOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockFulfillable(tx, orderId);
    if (order.fulfilmentStatus === 'packed') throw conflict(FulfilmentMessages.alreadyPacked);
    if (order.fulfilmentStatus !== 'unfulfilled') throw conflict(FulfilmentMessages.alreadyShipped);
    const at = deps.now();
    await queries.updateOrder(tx, orderId, { fulfilmentStatus: 'packed' });
    await queries.insertEvent(tx, { orderId, event: 'packed', staffId, at });
  });
  return deps.orders.getForStaff(orderId);
}

/** Copies of each line not yet in a parcel, by book id. */
async function copiesToShip(tx: Tx, orderId: number) {
  const [items, shipped] = await readTogether(
    tx,
    () => queries.listItems(tx, [orderId]),
    () => queries.shippedCopies(tx, orderId),
  );
  const sent = new Map(shipped.map((line) => [line.bookId, line.quantity]));
  return new Map(
    items.map((item) => [item.bookId, { title: item.title, left: item.quantity - (sent.get(item.bookId) ?? 0) }]),
  );
}

/**
 * The lines asked for, checked against what is left to ship (400 naming the line); without
 * lines, every copy not yet shipped (409 when there is none).
 */
function linesToShip(left: Awaited<ReturnType<typeof copiesToShip>>, asked: ShipmentLine[] | undefined) {
  if (!asked) {
    const all = [...left]
      .filter(([, line]) => line.left > 0)
      .map(([bookId, line]) => ({ bookId, quantity: line.left }));
    if (all.length === 0) throw conflict(FulfilmentMessages.nothingToShip);
    return all;
  }
  const errors: Record<string, string[]> = {};
  asked.forEach((line, i) => {
    const found = left.get(line.bookId);
    if (!found) errors[`lines.${i}.bookId`] = [FulfilmentMessages.lineNotInOrder(line.bookId)];
    else if (line.quantity > found.left)
      errors[`lines.${i}.quantity`] = [FulfilmentMessages.lineTooMany(found.title, Math.max(0, found.left))];
  });
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw badRequest(messages.join(' '), errors);
  return asked;
}

/**
 * `POST v1/orders/{id}/shipments`: a parcel with some or all of the copies not yet shipped. Under
 * the order's row lock, so what is left to ship is read after any other shipment has committed.
 */
export async function ship(
  deps: FulfilmentDeps,
  orderId: number,
  input: { carrier: string; trackingNumber?: string; lines?: ShipmentLine[] },
  staffId: number,
): Promise<StaffOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockFulfillable(tx, orderId);
    const left = await copiesToShip(tx, orderId);
    const lines = linesToShip(left, input.lines);
    const at = deps.now();
    const shipment = await queries.insertShipment(
      tx,
      { orderId, carrier: input.carrier, trackingNumber: input.trackingNumber ?? null, shippedAt: at },
      lines,
    );
    const sending = new Map(lines.map((line) => [line.bookId, line.quantity]));
    const allShipped = [...left].every(([bookId, line]) => line.left - (sending.get(bookId) ?? 0) <= 0);
    // A parcel that completes an order whose earlier parcels all arrived still leaves it 'shipped'.
    const status: FulfilmentStatus = allShipped ? 'shipped' : 'partially-shipped';
    if (status !== order.fulfilmentStatus) await queries.updateOrder(tx, orderId, { fulfilmentStatus: status });
    await queries.insertEvent(tx, { orderId, event: 'shipped', shipmentId: shipment.id, staffId, at });
    await enqueueMail(deps, tx, { kind: 'shipped', shipmentId: shipment.id });
  });
  deps.jobs.wake();
  return deps.orders.getForStaff(orderId);
}

/**
 * `PATCH v1/orders/{id}/shipments/{shipmentId}` { status: 'delivered' }: the parcel arrived. The
 * order is delivered when every copy has shipped and every parcel has arrived.
 */
export async function deliver(
  deps: FulfilmentDeps,
  orderId: number,
  shipmentId: number,
  { cashCollected }: UpdateShipment,
  staffId: number,
): Promise<StaffOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await queries.findOrder(tx, orderId, { lock: true });
    if (!order) throw notFound(OrderMessages.notFound);
    const shipment = await queries.findShipment(tx, shipmentId);
    if (shipment?.orderId !== orderId) throw notFound(FulfilmentMessages.shipmentNotFound);
    if (shipment.status === 'delivered') throw conflict(FulfilmentMessages.alreadyDelivered);
    if (cashCollected && order.paymentMethod === 'card')
      throw badRequest(FulfilmentMessages.noCashToCollect, { cashCollected: [FulfilmentMessages.noCashToCollect] });
    if (!cashCollected && order.paymentMethod === 'cod' && order.status === OrderStatus.Pending)
      throw badRequest(CodMessages.cashNotCollected, { cashCollected: [CodMessages.cashNotCollected] });
    const at = deps.now();
    if (cashCollected) await collectCash(deps, tx, order, at);
    await queries.updateShipment(tx, shipmentId, { status: 'delivered', deliveredAt: at });
    await queries.insertEvent(tx, { orderId, event: 'delivered', shipmentId, staffId, at });
    const others = await queries.listShipments(tx, [orderId]);
    const everyParcelArrived = others.every((s) => s.id === shipmentId || s.status === 'delivered');
    if (order.fulfilmentStatus === 'shipped' && everyParcelArrived) {
      await queries.updateOrder(tx, orderId, { fulfilmentStatus: 'delivered' });
      await enqueueMail(deps, tx, { kind: 'delivered', orderId });
    }
  });
  deps.jobs.wake();
  return deps.orders.getForStaff(orderId);
}

/**
 * The fulfilment mail job: under the shipment's (or order's) row lock, queues the mail and marks
 * it queued, so a job that runs twice (a lost lease, a retry after the commit) mails once.
 */
export async function queueFulfilmentMail(deps: FulfilmentDeps, job: FulfilmentMailJob): Promise<void> {
  const links = { publicUrl: deps.publicUrl, supportEmail: deps.supportEmail };
  let queued = false;
  await deps.db.transaction(async (tx) => {
    if (job.kind === 'shipped') {
      const shipment = await queries.findShipment(tx, job.shipmentId, { lock: true });
      if (!shipment || shipment.shippedMailedAt) return;
      const order = (await queries.findOrder(tx, shipment.orderId))!;
      const [items, lines] = await readTogether(
        tx,
        () => queries.listItems(tx, [order.id]),
        () => queries.listShipmentLines(tx, [shipment.id]),
      );
      const books = new Map(items.map((item) => [item.bookId, item]));
      // Partial when copies were still left to ship once this parcel went.
      const soFar = (await queries.listShipments(tx, [order.id])).filter((s) => s.id <= shipment.id);
      const shippedSoFar = (
        await queries.listShipmentLines(
          tx,
          soFar.map((s) => s.id),
        )
      ).reduce((n, l) => n + l.quantity, 0);
      const ordered = items.reduce((n, item) => n + item.quantity, 0);
      const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
      if (recipient)
        await deps.mailer.enqueue(
          tx,
          shippedMail(
            recipient,
            {
              orderId: order.id,
              carrierCode: shipment.carrier,
              carrierName: carrierOf(shipment.carrier)?.name ?? shipment.carrier,
              trackingNumber: shipment.trackingNumber,
              trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
              lines: lines.map((line) => ({
                title: books.get(line.bookId)?.title ?? '',
                titleAr: books.get(line.bookId)?.titleAr ?? null,
                quantity: line.quantity,
              })),
              partial: shippedSoFar < ordered,
            },
            links,
          ),
        );
      await queries.updateShipment(tx, shipment.id, { shippedMailedAt: deps.now() });
      queued = recipient !== null;
    } else {
      const order = await queries.findOrder(tx, job.orderId, { lock: true });
      if (!order || order.deliveredMailedAt) return;
      const recipient = await deps.accounts.mailRecipient(order.customerId, { tx });
      if (recipient)
        await deps.mailer.enqueue(
          tx,
          deliveredMail(recipient, order.id, await queries.listItems(tx, [order.id]), links),
        );
      await queries.updateOrder(tx, order.id, { deliveredMailedAt: deps.now() });
      queued = recipient !== null;
    }
  });
  if (queued) deps.mailer.wake();
}

/** The use cases above bound to their dependencies, as module.ts hands them to the routes and jobs. */
export function createFulfilment(deps: Omit<FulfilmentDeps, 'now'> & { now?: () => Date }) {
  const bound: FulfilmentDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    pack: (orderId: number, staffId: number) => pack(bound, orderId, staffId),
    ship: (orderId: number, input: Parameters<typeof ship>[2], staffId: number) => ship(bound, orderId, input, staffId),
    deliver: (orderId: number, shipmentId: number, input: UpdateShipment, staffId: number) =>
      deliver(bound, orderId, shipmentId, input, staffId),
    queueMail: (job: FulfilmentMailJob) => queueFulfilmentMail(bound, job),
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
