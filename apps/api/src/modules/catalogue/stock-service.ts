import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BOOK_STOCK_MAX } from '@bookshop/contracts/book-admin';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import { toPage } from '@bookshop/contracts/pagination';
import {
  StockMessages,
  StockReasonNames,
  type StockMovement,
  type StockMovementQuery,
  type StockMovementReason,
} from '@bookshop/contracts/stock';
import { readTogether, rows, type Tx } from '../../platform/db.ts';
import { conflict, HttpProblem } from '../../platform/errors.ts';
import { announceCatalogueChange, catalogueNotice, hearOwnNotice, type ChangeReach } from './invalidation.ts';
import { books, stockMovements } from './schema.ts';

/**
 * Every change of a book's stock goes through `moveStock` (docs/decisions/077-stock-ledger.md),
 * but for a checkout's sale, which `takeCopies` makes in one statement by the same rules (113):
 * it locks the books' rows in book-id order, so two writers sharing books queue rather
 * than deadlock and each reads the stock the other left, changes `books.stock_quantity` and
 * writes one `stock_movements` row per change in the caller's transaction, so a book's movements
 * always add up to its stock. Checkout takes copies off when an order is placed (reserved while
 * it is Pending, decision 028) and the order lifecycle puts them back when the order ends unpaid
 * or is cancelled. Sales announce the change to this instance only, whose cached lists forget it
 * once the transaction commits (invalidation.ts; other instances read it within the index's
 * maximum age, decision 050); staff's changes reach every instance.
 */

export type StockLine = { bookId: number; quantity: number };

/** One change of one book's stock, and why. */
export type StockMove = {
  bookId: number;
  delta: number;
  reason: StockMovementReason;
  orderId?: number | null;
  returnId?: number | null;
  staffId?: number | null;
  note?: string | null;
};

/**
 * What a book's stock was before and after one `moveStock`. The hook for "a book goes from no
 * copies to some" (back-in-stock alerts) is `before === 0 && after > 0`, inside the transaction
 * that made the change (decision 077).
 */
export type StockChange = { bookId: number; title: string; before: number; after: number };

/**
 * Told, inside the transaction of `moveStock`, of the books that went from no copies to some
 * (back-in-stock alerts, decision 082). Listeners are registered at start-up by the modules that
 * need them, so the catalogue imports none of them; a listener that throws rolls the change back.
 */
export type RestockListener = (tx: Tx, restocked: StockChange[]) => Promise<void>;
const restockListeners = new Set<RestockListener>();

/** Adds a listener for books coming back into stock; answers the function that removes it (on app close). */
export function onRestock(listener: RestockListener): () => void {
  restockListeners.add(listener);
  return () => restockListeners.delete(listener);
}

/** Reasons that follow a customer's checkout: only this instance forgets its caches at once (decision 050). */
const CHECKOUT_REASONS: ReadonlySet<StockMovementReason> = new Set(['sale', 'released', 'cancelled']);

/** A book as it is while its row is locked: the prices and eligibility checkout charges. */
export type LockedBook = {
  id: number;
  title: string;
  titleAr: string | null;
  priceFils: number;
  discountPercentage: number;
  discountedPriceFils: number;
  /** Before this reservation. */
  stockQuantity: number;
  nextDayEligible: boolean;
  /** The main image's storage key, if the book has images. */
  imageKey: string | null;
};

/** Adds up repeated book ids and sorts by id: the one order every locker takes rows in. */
function byBook(lines: StockLine[]): StockLine[] {
  const totals = new Map<number, number>();
  for (const { bookId, quantity } of lines) totals.set(bookId, (totals.get(bookId) ?? 0) + quantity);
  return [...totals].sort(([a], [b]) => a - b).map(([bookId, quantity]) => ({ bookId, quantity }));
}

/**
 * A book's main image key: the image at its main index, else its first; null without images. A
 * column of the book's own row, so pricing an order line reads one statement. Hand-written with
 * its tables named: the builder leaves the columns of a one-table select unqualified, and
 * `book_images` has an `id` of its own.
 */
const mainImageKey = sql<string | null>`(
  select i.image_key from book_images i where i.book_id = books.id
  order by i.position = books.main_image_index desc, i.position limit 1)`;

/** What an order line is priced from: the book's name, prices and the image its line shows. */
const priceColumns = {
  id: books.id,
  title: books.title,
  priceFils: books.priceFils,
  discountPercentage: books.discountPercentage,
  discountedPriceFils: books.discountedPriceFils,
  imageKey: mainImageKey,
};

/** Every book's price columns, by id (the demo seed's past orders are priced from them). */
export const listBookPrices = (tx: Tx) => tx.select(priceColumns).from(books).orderBy(asc(books.id));

/** The books' rows in book-id order, locked FOR UPDATE unless `lock` is false (a plain read of the last committed rows). */
async function lockBooks(tx: Tx, ids: number[], lock = true) {
  if (ids.length === 0) return [];
  const query = tx
    .select({
      ...priceColumns,
      titleAr: books.titleAr,
      stockQuantity: books.stockQuantity,
      nextDayEligible: books.nextDayEligible,
      isActive: books.isActive,
    })
    .from(books)
    .where(inArray(books.id, ids))
    .orderBy(asc(books.id));
  return lock ? query.for('update', { of: books }) : query;
}

/**
 * The one function that changes stock: locks the books in book-id order, refuses (409) a change
 * that would take a book below zero copies for sale (those reserved by Pending orders are already
 * off, decision 028) or above BOOK_STOCK_MAX, then updates each book's stock and writes a movement
 * per change with the stock it left. Changes of nought are skipped, except a book's `initial`
 * movement; books that no longer exist are skipped (a release after staff deleted the book).
 * Answers each book's stock before and after, in book-id order.
 */
export async function moveStock(tx: Tx, moves: StockMove[]): Promise<StockChange[]> {
  const wanted = moves.filter((move) => move.delta !== 0 || move.reason === 'initial');
  if (wanted.length === 0) return [];
  const locked = await lockBooks(
    tx,
    [...new Set(wanted.map((move) => move.bookId))].sort((a, b) => a - b),
  );
  return applyMoves(tx, locked, wanted);
}

/** `moveStock` once the books' rows are locked (`locked` in book-id order, as lockBooks answers them). */
async function applyMoves(
  tx: Tx,
  locked: { id: number; title: string; stockQuantity: number }[],
  wanted: StockMove[],
): Promise<StockChange[]> {
  const stock = new Map(locked.map((book) => [book.id, book.stockQuantity]));
  const rows: (typeof stockMovements.$inferInsert)[] = [];
  for (const move of [...wanted].sort((a, b) => a.bookId - b.bookId)) {
    const current = stock.get(move.bookId);
    if (current === undefined) continue;
    const after = current + move.delta;
    if (after < 0) throw conflict(StockMessages.belowZero(locked.find((b) => b.id === move.bookId)!.title, current));
    if (after > BOOK_STOCK_MAX && move.delta > 0) throw conflict(StockMessages.tooMuch);
    stock.set(move.bookId, after);
    rows.push({
      bookId: move.bookId,
      delta: move.delta,
      reason: move.reason,
      stockAfter: after,
      orderId: move.orderId ?? null,
      returnId: move.returnId ?? null,
      staffId: move.staffId ?? null,
      note: move.note ?? null,
    });
  }
  if (rows.length === 0) return [];
  const changes = locked.map((book) => ({
    bookId: book.id,
    title: book.title,
    before: book.stockQuantity,
    after: stock.get(book.id)!,
  }));
  for (const change of changes)
    if (change.after !== change.before)
      await tx
        .update(books)
        .set({ stockQuantity: sql`${books.stockQuantity} + ${change.after - change.before}`, updatedAt: new Date() })
        .where(eq(books.id, change.bookId));
  await tx.insert(stockMovements).values(rows);
  const restocked = changes.filter((change) => change.before === 0 && change.after > 0);
  if (restocked.length > 0) for (const listener of restockListeners) await listener(tx, restocked);
  const reach: ChangeReach = wanted.every((move) => CHECKOUT_REASONS.has(move.reason)) ? 'here' : 'everywhere';
  await announceCatalogueChange(tx, reach);
  return changes;
}

/**
 * Locks the books of a new order and checks that each has `quantity` copies: 409 naming the first
 * book without enough copies (and how many are left), 409 too for a book that no longer exists,
 * and with `shownOnly` (a new order) for a book staff hid from the storefront (decision 032).
 * Changes nothing: checkout prices the order from the answer (the books in book-id order), then
 * takes the copies with `reserveStock` once the order has its id.
 */
export async function checkStock(
  tx: Tx,
  lines: StockLine[],
  options: { shownOnly?: boolean; lock?: boolean } = {},
): Promise<LockedBook[]> {
  const wanted = byBook(lines);
  const locked = await lockBooks(
    tx,
    wanted.map((line) => line.bookId),
    options.lock ?? true,
  );
  refuseShort(locked, wanted, options);
  return locked.map(({ isActive: _, ...book }) => ({
    ...book,
    discountPercentage: Number(book.discountPercentage),
    discountedPriceFils: book.discountedPriceFils ?? book.priceFils,
  }));
}

/** The refusals of `checkStock`: a book gone, hidden (with `shownOnly`), or without enough copies. */
function refuseShort(
  found: { id: number; title: string; stockQuantity: number; isActive: boolean }[],
  wanted: StockLine[],
  options: { shownOnly?: boolean },
) {
  const refusal = shortfall(found, wanted, options);
  if (refusal) throw refusal;
}

/** The first refusal of `checkStock` for these books, or undefined when every line can be filled. */
function shortfall(
  found: { id: number; title: string; stockQuantity: number; isActive: boolean }[],
  wanted: StockLine[],
  options: { shownOnly?: boolean },
): HttpProblem | undefined {
  const byId = new Map(found.map((book) => [book.id, book]));
  for (const line of wanted) {
    const book = byId.get(line.bookId);
    if (!book) return conflict(CheckoutMessages.notEnoughStock(`#${line.bookId}`, 0));
    if (options.shownOnly && !book.isActive) return conflict(CheckoutMessages.bookUnavailable(book.title));
    if (book.stockQuantity < line.quantity)
      return conflict(CheckoutMessages.notEnoughStock(book.title, book.stockQuantity));
  }
  return undefined;
}

/**
 * `checkStock`'s refusal of a new order (`shownOnly`) from the books as last committed, unlocked,
 * by a statement prepared once for `db`: undefined when every line can be filled. Checkout asks it
 * before its transaction, for every customer of a burst (decision 121).
 */
export function prepareStockShortfall(db: Tx) {
  const read = db
    .select({ id: books.id, title: books.title, stockQuantity: books.stockQuantity, isActive: books.isActive })
    .from(books)
    .where(sql`${books.id} = any(${sql.placeholder('ids')})`)
    .prepare('stock_of_books');
  return async (lines: StockLine[]): Promise<HttpProblem | undefined> => {
    const wanted = byBook(lines);
    if (wanted.length === 0) return undefined;
    const found = await read.execute({ ids: wanted.map((line) => line.bookId) });
    return shortfall(found, wanted, { shownOnly: true });
  };
}

/**
 * A book's name, prices or next-day eligibility changed between the read that priced an order
 * and the lock that takes its copies: the order must be priced again, under the lock.
 */
export class PricesMoved extends Error {
  constructor() {
    super("a book's price changed while the order was being placed");
  }
}

/** A book's row as the statement that took its copies left it (hand-written SQL: the names are its aliases). */
type TakenBook = Omit<LockedBook, 'imageKey' | 'discountPercentage' | 'stockQuantity'> & {
  discountPercentage: string | number;
};

/**
 * One statement that takes `quantity` copies of one shown book with enough of them and writes its
 * `sale` movement, announcing the change to this instance (a sale's reach, decision 050): the
 * rules of `moveStock` for the one change checkout makes most, without its round trips under the
 * lock. Nothing when the book is hidden, gone or short: then no row is answered, and PostgreSQL
 * keeps no lock of this transaction on the book (an update whose condition fails on the row
 * version it waited for leaves that row unlocked).
 */
const takeCopies = (tx: Tx, { bookId, quantity }: StockLine, orderId: number) =>
  rows<TakenBook>(
    tx,
    sql`with taken as (
      update ${books} set stock_quantity = stock_quantity - ${quantity}::int, updated_at = now()
      where id = ${bookId} and is_active and stock_quantity >= ${quantity}::int
      returning id, title, title_ar, price_fils, discount_percentage, discounted_price_fils, next_day_eligible, stock_quantity
    ), moved as (
      insert into ${stockMovements} (book_id, delta, reason, stock_after, order_id)
      select id, ${-quantity}::int, 'sale', stock_quantity, ${orderId}::int from taken
    )
    select id, title, title_ar as "titleAr", price_fils as "priceFils", discount_percentage as "discountPercentage",
      coalesce(discounted_price_fils, price_fils) as "discountedPriceFils", next_day_eligible as "nextDayEligible",
      ${catalogueNotice('here')} as notice
    from taken`,
  );

/** Anything an order line was priced from that differs between two reads of the book. */
const pricedDifferently = (before: LockedBook | undefined, now: TakenBook) =>
  !before ||
  before.title !== now.title ||
  before.titleAr !== now.titleAr ||
  before.priceFils !== now.priceFils ||
  before.discountPercentage !== Number(now.discountPercentage) ||
  before.discountedPriceFils !== now.discountedPriceFils ||
  before.nextDayEligible !== now.nextDayEligible;

/**
 * Takes the copies of an order priced from an unlocked `checkStock(…, { lock: false })` read
 * (decisions 099 and 113): each book's copies in one statement, in book-id order, which locks
 * the book only if it still has enough copies, so the book stays locked only from that statement
 * to the commit, and the customers too late for the last copies do not queue behind each other.
 * A book that could not be taken is read again for the refusal of
 * `checkStock` (the stock went meanwhile); throws `PricesMoved` if anything the order was priced
 * from changed since that read, or the book changed back between the two statements.
 */
export async function reserveStockAsPriced(
  tx: Tx,
  lines: StockLine[],
  { orderId, priced }: { orderId: number; priced: LockedBook[] },
): Promise<void> {
  const seen = new Map(priced.map((book) => [book.id, book]));
  // Before the books are locked: one statement fewer between the lock and the commit.
  await hearOwnNotice(tx);
  for (const line of byBook(lines)) {
    const [taken] = await takeCopies(tx, line, orderId);
    if (!taken) {
      refuseShort(await lockBooks(tx, [line.bookId], false), [line], { shownOnly: true });
      throw new PricesMoved();
    }
    if (pricedDifferently(seen.get(line.bookId), taken)) throw new PricesMoved();
  }
}

/**
 * Takes `quantity` copies of each book for an order, or none at all (the refusals of
 * `checkStock`), writing a `sale` movement per book. Answers the books as they were before.
 */
export async function reserveStock(
  tx: Tx,
  lines: StockLine[],
  { orderId, ...options }: { orderId: number; shownOnly?: boolean },
): Promise<LockedBook[]> {
  const locked = await checkStock(tx, lines, options);
  await moveStock(
    tx,
    byBook(lines).map((line) => ({ bookId: line.bookId, delta: -line.quantity, reason: 'sale', orderId })),
  );
  return locked;
}

/**
 * Locks the books of all these lines in book-id order, for a transaction that releases some
 * copies and then reserves others (a replaced checkout): taken piecemeal, the two sets' locks
 * would not be in one order, and two such transactions could deadlock.
 */
export async function lockStock(tx: Tx, lines: StockLine[]): Promise<void> {
  await lockBooks(
    tx,
    byBook(lines).map((line) => line.bookId),
  );
}

/**
 * Puts an order's copies back: `released` when they were only reserved (the order ended unpaid),
 * `cancelled` when they had been sold (a paid order cancelled). Books deleted meanwhile are skipped.
 */
export async function releaseStock(
  tx: Tx,
  lines: (StockLine & { orderId: number })[],
  reason: Extract<StockMovementReason, 'released' | 'cancelled'>,
  staffId?: number,
): Promise<StockChange[]> {
  return moveStock(
    tx,
    lines.map((line) => ({ bookId: line.bookId, delta: line.quantity, reason, orderId: line.orderId, staffId })),
  );
}

const stockConflict = (message: string) => new HttpProblem(409, 'Conflict', message, { stockQuantity: [message] });

/** Movements staff make on the book itself, as against the customers' sales and releases. */
const SET_BY_STAFF: StockMovementReason[] = ['initial', 'received', 'damaged', 'correction'];

/** The stock as staff last left it: after the book's latest movement of their own. */
async function stockAsStaffLeftIt(tx: Tx, bookId: number): Promise<number | undefined> {
  const [last] = await tx
    .select({ stockAfter: stockMovements.stockAfter })
    .from(stockMovements)
    .where(and(eq(stockMovements.bookId, bookId), inArray(stockMovements.reason, SET_BY_STAFF)))
    .orderBy(desc(stockMovements.id))
    .limit(1);
  return last?.stockAfter;
}

/**
 * The book form's stock field (`PUT v1/books`), saved so that it never writes a figure read
 * earlier (decision 077). The form says what it was opened with (`originalStockQuantity`); a client
 * that does not is taken to hold the figure staff last set (customers' sales and releases since
 * then are not in it). A field already at the current stock changes nothing; a field left at its
 * original figure changes nothing, however the stock moved; otherwise the change is a `correction`
 * of the difference, refused (409) if the stock moved meanwhile. Runs in the form's transaction.
 */
export async function saveFormStock(
  tx: Tx,
  form: { bookId: number; stockQuantity: number; originalStockQuantity?: number | undefined; staffId: number },
): Promise<StockChange[]> {
  const [book] = await lockBooks(tx, [form.bookId]);
  if (!book) return [];
  const current = book.stockQuantity;
  if (form.stockQuantity === current) return [];
  const original = form.originalStockQuantity ?? (await stockAsStaffLeftIt(tx, form.bookId)) ?? current;
  if (form.stockQuantity === original) return [];
  if (current !== original) throw stockConflict(StockMessages.stockChanged(original, current));
  return moveStock(tx, [
    { bookId: form.bookId, delta: form.stockQuantity - original, reason: 'correction', staffId: form.staffId },
  ]);
}

/** Staff user names by account id (auth's accounts service), for the ledger's 'by …'. */
export type StaffNames = (ids: number[], options: { tx: Tx }) => Promise<Map<number, string>>;

/** A book's ledger, newest first, each hand-made movement with who made it. */
export async function listMovements(
  tx: Tx,
  bookId: number,
  { pageNo, pageSize }: StockMovementQuery,
  staffNames: StaffNames,
) {
  const [rows, [total]] = await readTogether(
    tx,
    () =>
      tx
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.bookId, bookId))
        .orderBy(desc(stockMovements.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
    () => tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.bookId, bookId)),
  );
  const names = await staffNames(
    rows.flatMap((movement) => (movement.staffId === null ? [] : [movement.staffId])),
    { tx },
  );
  const data: StockMovement[] = rows.map((movement) => ({
    id: movement.id,
    bookId: movement.bookId,
    delta: movement.delta,
    reason: movement.reason as StockMovementReason,
    reasonName: StockReasonNames[movement.reason as StockMovementReason],
    stockAfter: movement.stockAfter,
    orderId: movement.orderId,
    returnId: movement.returnId,
    staffId: movement.staffId,
    staffUserName: movement.staffId === null ? null : (names.get(movement.staffId) ?? null),
    note: movement.note,
    createdAt: movement.createdAt.toISOString(),
  }));
  return toPage(data, total?.n ?? 0, { pageNo, pageSize });
}
