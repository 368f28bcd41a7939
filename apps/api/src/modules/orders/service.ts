import { OrderStatus } from '@bookshop/contracts/enums';
import { filsToAed } from '@bookshop/contracts/money';
import { toPage } from '@bookshop/contracts/pagination';
import {
  ORDER_STATUS_NAMES,
  OrderMessages,
  orderNumber,
  type CustomerOrderQuery,
  type OrderExportQuery,
  type Order,
  type OrderHistoryEntry,
  type StaffOrder,
  type StaffOrderQuery,
} from '@bookshop/contracts/orders';
import type { DeliveryMethodCode } from '@bookshop/contracts/delivery';
import type { Return } from '@bookshop/contracts/returns';
import {
  carrierOf,
  FULFILMENT_EVENT_NAMES,
  FULFILMENT_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  trackingUrl,
  type CarrierCode,
  type FulfilmentEvent,
  type Shipment,
} from '@bookshop/contracts/fulfilment';
import { readTogether, type Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ImageStore } from '../../platform/storage.ts';
import type { Invoicing, OrderVat } from '../invoicing/service.ts';
import * as queries from './queries.ts';
import * as returnQueries from './return-queries.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { OrderItemRow, OrderRow } from './queries.ts';

/** An order's row as stored (its session, expiry and owner), for checkout; `lock` holds it until `tx` ends. */
export const findOrderRow = (id: number, { tx, lock = false }: { tx: Tx; lock?: boolean }) =>
  queries.findOrder(tx, id, { lock });

/** The order that a provider session pays for, if any. */
export const findOrderRowBySession = (sessionId: string, { tx }: { tx: Tx }) =>
  queries.findOrderBySession(tx, sessionId);

/** The lines of these orders, by book id. */
export const orderItemRows = (orderIds: number[], { tx }: { tx: Tx }) => queries.listItems(tx, orderIds);

/** A customer's Pending orders (open checkouts), locked until `tx` ends. */
export const lockOpenOrders = (customerId: number, { tx }: { tx: Tx }) => queries.lockOpenOrders(tx, customerId);

/** The key of a (customer, book) pair in `completedPurchases`' answer. */
export const purchaseKey = (customerId: number, bookId: number) => `${customerId}:${bookId}`;

/** Rows per query of the CSV export: the export never holds more than this many orders in memory. */
const EXPORT_BATCH = 1000;

export const EXPORT_HEADER = [
  'Order number',
  'Date (Dubai)',
  'Customer e-mail',
  'Customer user name',
  'Status',
  'Items',
  'Total (AED)',
  'Delivery method',
  'City',
  'Country',
  'Refund status',
  // The courier's hand-over (issue 22): whom to hand it to, where, the number to call, what is in
  // the parcel and the cash to collect on delivery.
  'Fulfilment',
  'Payment method',
  'Recipient',
  'Address',
  'Emirate',
  'Phone',
  'Books',
  'Cash to collect (AED)',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * cell a spreadsheet would read as a formula (= + - @, tab, CR first) gets a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const staffFilter = ({ status, fulfilmentStatus, from, to, customer }: OrderExportQuery): queries.OrderFilter => ({
  status,
  fulfilmentStatus,
  from: from ? new Date(`${from}T00:00:00Z`) : undefined,
  toBefore: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
  customer: customer || undefined,
});

const statusName = (status: number) => ORDER_STATUS_NAMES[status as OrderStatus] ?? String(status);

type OrdersDeps = { db: Tx; images: Pick<ImageStore, 'url'>; invoicing: Pick<Invoicing, 'orderVat'> };
type OrderViewDeps = Pick<OrdersDeps, 'images' | 'invoicing'>;

/** What an order's answer is built from, besides its row. */
type Details = {
  items: queries.OrderItemRow[];
  history: queries.HistoryRow[];
  events: queries.EventRow[];
  shipments: queries.ShipmentRow[];
  shipmentLines: queries.ShipmentLineRow[];
  returns: Return[];
  vat: OrderVat;
};

/**
 * Status changes and fulfilment events in one list, oldest first (a status change before an event
 * of the same instant). Staff also read who did each event (`by`); a customer never does.
 */
function historyOf(
  { history, events, returns }: Pick<Details, 'history' | 'events' | 'returns'>,
  staff: boolean,
): OrderHistoryEntry[] {
  const entries = [
    ...history.map((entry) => ({
      status: entry.status,
      statusName: statusName(entry.status),
      event: null as FulfilmentEvent | null,
      shipmentId: null as number | null,
      at: entry.at,
      by: null as { id: number; userName: string } | null,
    })),
    ...events.map((entry) => ({
      status: null,
      statusName: FULFILMENT_EVENT_NAMES[entry.event as FulfilmentEvent],
      event: entry.event as FulfilmentEvent,
      shipmentId: entry.shipmentId,
      at: entry.at,
      by:
        entry.staffId !== null && entry.staffUserName !== null
          ? { id: entry.staffId, userName: entry.staffUserName }
          : null,
    })),
    // The steps of its returns (decision 080); who took them stays with the return.
    ...returns.flatMap((ret) =>
      ret.events.map((step) => ({
        status: null,
        statusName: step.statusName,
        event: null,
        shipmentId: null,
        returnId: ret.id,
        at: new Date(step.at),
        by: null,
      })),
    ),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return entries.map(({ by, at, ...entry }) => ({ ...entry, at: at.toISOString(), ...(staff && { by }) }));
}

function toShipment(row: queries.ShipmentRow, lines: queries.ShipmentLineRow[]): Shipment {
  return {
    id: row.id,
    carrier: row.carrier as CarrierCode,
    carrierName: carrierOf(row.carrier)?.name ?? row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    status: row.status,
    shippedAt: row.shippedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lines: lines.map((line) => ({ bookId: line.bookId, quantity: line.quantity })),
  };
}

function toOrder({ images }: OrderViewDeps, row: queries.OrderRow, details: Details, staff: boolean): Order {
  const { items } = details;
  return {
    id: row.id,
    orderNumber: orderNumber(row.id),
    status: row.status,
    statusName: statusName(row.status),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    // A cash-on-delivery order never expires: its copies wait for the courier (decision 081).
    expiresAt: row.status === OrderStatus.Pending && row.paymentMethod === 'card' ? row.expiresAt.toISOString() : null,
    items: items.map((item) => ({
      bookId: item.bookId,
      title: item.title,
      titleAr: item.titleAr,
      imageUrl: item.imageKey ? images.url(item.imageKey) : '',
      price: filsToAed(item.priceFils),
      discountPercentage: Number(item.discountPercentage),
      discountedPrice: filsToAed(item.discountedPriceFils),
      quantity: item.quantity,
      lineTotal: filsToAed(item.discountedPriceFils * item.quantity),
    })),
    itemsTotal: filsToAed(row.itemsTotalFils),
    discountTotal: filsToAed(row.discountTotalFils),
    deliveryMethod: { code: row.deliveryMethodCode as DeliveryMethodCode, name: row.deliveryMethodName },
    deliveryFee: filsToAed(row.deliveryFeeFils),
    codFee: filsToAed(row.codFeeFils),
    total: filsToAed(row.totalFils),
    address: {
      address: row.address,
      country: row.country,
      city: row.city,
      phoneNo: row.phoneNo,
      zipCode: row.zipCode,
      emirate: row.emirate,
      recipientName: row.recipientName,
    },
    history: historyOf(details, staff),
    paymentMethod: row.paymentMethod,
    fulfilmentStatus: row.fulfilmentStatus,
    fulfilmentStatusName: FULFILMENT_STATUS_NAMES[row.fulfilmentStatus],
    shipments: details.shipments.map((shipment) =>
      toShipment(
        shipment,
        details.shipmentLines.filter((line) => line.shipmentId === shipment.id),
      ),
    ),
    returns: details.returns,
    cancelReason: row.cancelReason,
    refundStatus: row.refundStatus ?? null,
    testMode: row.provider === 'sandbox',
    ...details.vat,
  };
}

/** Orders with their lines, history and parcels, in the order of `rows` (a few reads, whatever the page size). */
async function withDetails(
  deps: OrderViewDeps,
  tx: Tx,
  rows: queries.OrderRow[],
  { staff = false }: { staff?: boolean } = {},
): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const [items, history, events, shipments, returnRows] = await readTogether(
    tx,
    () => queries.listItems(tx, ids),
    () => queries.listHistory(tx, ids),
    () => queries.listEvents(tx, ids),
    () => queries.listShipments(tx, ids),
    () => returnQueries.listReturnsOfOrders(tx, ids),
  );
  const returns = await returnQueries.loadReturns(tx, returnRows);
  const shipmentLines = await queries.listShipmentLines(
    tx,
    shipments.map((shipment) => shipment.id),
  );
  const vat = await deps.invoicing.orderVat(
    tx,
    rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) })),
  );
  return rows.map((row) =>
    toOrder(
      deps,
      row,
      {
        items: items.filter((item) => item.orderId === row.id),
        history: history.filter((entry) => entry.orderId === row.id),
        events: events.filter((entry) => entry.orderId === row.id),
        shipments: shipments.filter((shipment) => shipment.orderId === row.id),
        shipmentLines,
        returns: returns.filter((ret) => ret.orderId === row.id),
        vat: vat.get(row.id)!,
      },
      staff,
    ),
  );
}

/** Staff answers: each order with who placed it, as the staff list and the order page show it. */
async function withCustomers(
  deps: OrderViewDeps,
  tx: Tx,
  found: queries.OrderWithCustomerRow[],
): Promise<StaffOrder[]> {
  const details = await withDetails(
    deps,
    tx,
    found.map((r) => r.order),
    { staff: true },
  );
  return details.map((order, i) => ({
    ...order,
    // Built for staff above: each entry carries `by`.
    history: order.history as StaffOrder['history'],
    customerEmail: found[i]!.customerEmail,
    customerUserName: found[i]!.customerUserName,
  }));
}

/**
 * Which of these (customer, book) pairs bought the book in a Completed order, as `purchaseKey`s:
 * reviews are open to them and marked as verified purchases.
 */
export async function completedPurchases(
  { db }: Pick<OrdersDeps, 'db'>,
  pairs: { customerId: number; bookId: number }[],
  options: { tx?: Tx } = {},
): Promise<Set<string>> {
  const found = await queries.completedPurchases(
    options.tx ?? db,
    [...new Set(pairs.map((p) => p.customerId))],
    [...new Set(pairs.map((p) => p.bookId))],
  );
  return new Set(found.map((row) => purchaseKey(row.customerId, row.bookId)));
}

/** Any order by id, for services that already checked who may see it. */
export async function getOrder(deps: OrdersDeps, id: number, options: { tx?: Tx } = {}): Promise<Order> {
  const tx = options.tx ?? deps.db;
  const row = await queries.findOrder(tx, id);
  if (!row) throw notFound(OrderMessages.notFound);
  return (await withDetails(deps, tx, [row]))[0]!;
}

/** Any order with who placed it, as the staff list shows it; 404 when there is none. */
export async function getForStaff(deps: OrdersDeps, id: number, options: { tx?: Tx } = {}): Promise<StaffOrder> {
  const tx = options.tx ?? deps.db;
  const found = await queries.findStaffOrder(tx, id);
  if (found.length === 0) throw notFound(OrderMessages.notFound);
  return (await withCustomers(deps, tx, found))[0]!;
}

/** A customer sees only their own order: anyone else's is 404, with no hint that it exists. */
export async function getForCustomer(deps: OrdersDeps, customerId: number, id: number): Promise<Order> {
  const row = await queries.findOrder(deps.db, id);
  if (row?.customerId !== customerId) throw notFound(OrderMessages.notFound);
  return (await withDetails(deps, deps.db, [row]))[0]!;
}

export async function listForCustomer(
  deps: OrdersDeps,
  customerId: number,
  { pageNo, pageSize, status }: CustomerOrderQuery,
) {
  const { db } = deps;
  const filter = { customerId, status };
  const [noOfRecords, found] = await Promise.all([
    queries.countOrders(db, filter),
    queries.pageOrders(db, filter, pageSize, (pageNo - 1) * pageSize),
  ]);
  return toPage(
    await withDetails(
      deps,
      db,
      found.map((r) => r.order),
    ),
    noOfRecords,
    { pageNo, pageSize },
  );
}

export async function listForStaff(deps: OrdersDeps, { pageNo, pageSize, ...filters }: StaffOrderQuery) {
  const { db } = deps;
  const filter = staffFilter(filters);
  const [noOfRecords, found] = await Promise.all([
    queries.countOrders(db, filter),
    queries.pageOrders(db, filter, pageSize, (pageNo - 1) * pageSize),
  ]);
  return toPage(await withCustomers(deps, db, found), noOfRecords, { pageNo, pageSize });
}

/**
 * The staff list's orders as CSV lines (header first, a UTF-8 byte order mark so spreadsheets
 * read non-Latin names), fetched in keyset batches as the reader asks for them.
 */
export async function* exportCsv({ db }: Pick<OrdersDeps, 'db'>, query: OrderExportQuery): AsyncGenerator<string> {
  const filter = staffFilter(query);
  yield `\uFEFF${csvLine(EXPORT_HEADER)}`;
  let before: { createdAt: string; id: number } | undefined;
  for (;;) {
    const batch = await queries.exportBatch(db, filter, EXPORT_BATCH, before);
    if (batch.length === 0) return;
    yield batch
      .map((row) =>
        csvLine([
          orderNumber(row.id),
          row.dubaiTime,
          row.customerEmail,
          row.customerUserName,
          statusName(row.status),
          row.copies,
          filsToAed(row.totalFils).toFixed(2),
          row.deliveryMethodName,
          row.city,
          row.country,
          row.refundStatus ?? '',
          FULFILMENT_STATUS_NAMES[row.fulfilmentStatus],
          PAYMENT_METHOD_NAMES[row.paymentMethod],
          row.recipientName ?? row.customerUserName,
          row.zipCode ? `${row.address}, ${row.zipCode}` : row.address,
          row.emirate ?? '',
          row.phoneNo,
          row.books,
          // Cash on delivery still owed: the whole total until the courier collects it.
          filsToAed(row.paymentMethod === 'cod' && row.status === OrderStatus.Pending ? row.totalFils : 0).toFixed(2),
        ]),
      )
      .join('');
    if (batch.length < EXPORT_BATCH) return;
    const last = batch.at(-1)!;
    before = { createdAt: last.cursor, id: last.id };
  }
}

/** The reads above bound to their dependencies, as app.ts hands them to routes and other modules. */
export function createOrdersService(deps: OrdersDeps) {
  const openCheckoutIds = queries.prepareOpenCheckoutIds(deps.db);
  return {
    /** Whether the customer has an open checkout now (a plain read, outside any transaction). */
    hasOpenCheckout: async (customerId: number) => (await openCheckoutIds.execute({ customerId })).length > 0,
    completedPurchases: (pairs: { customerId: number; bookId: number }[], options?: { tx?: Tx }) =>
      completedPurchases(deps, pairs, options),
    get: (id: number, options?: { tx?: Tx }) => getOrder(deps, id, options),
    getForStaff: (id: number, options?: { tx?: Tx }) => getForStaff(deps, id, options),
    getForCustomer: (customerId: number, id: number) => getForCustomer(deps, customerId, id),
    listForCustomer: (customerId: number, query: CustomerOrderQuery) => listForCustomer(deps, customerId, query),
    exportCsv: (query: OrderExportQuery) => exportCsv(deps, query),
    listForStaff: (query: StaffOrderQuery) => listForStaff(deps, query),
    countToShip: () => queries.countToShip(deps.db),
  };
}
