import {
  CART_MAX_LINES,
  CartMessages,
  cartTotals,
  MergeAdjustmentReason,
  type AddToCart,
  type Cart,
  type CartItem,
  type GuestCartLine,
  type MergeAdjustment,
  type MergeCartResult,
  type UpdateCartItem,
} from '@bookshop/contracts/cart';
import type { Book } from '@bookshop/contracts/catalogue';
import { CheckoutMessages, MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import type { DeliveryOrderSummary } from '@bookshop/contracts/delivery';
import { aedToFils, filsToAed } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import * as queries from './queries.ts';

export type CartDeps = { db: Tx; catalogue: Pick<CatalogueService, 'getBooksByIds'> };

type PricedLine = { book: Book; quantity: number; unitPriceFilsWhenAdded: number };

const paidFils = (book: Book) => aedToFils(book.discountedPrice);

function toCartItem({ book, quantity, unitPriceFilsWhenAdded }: PricedLine): CartItem {
  return {
    id: book.id,
    title: book.title,
    titleAr: book.titleAr,
    description: book.description,
    descriptionAr: book.descriptionAr,
    imageUrl: book.mainImageURL,
    price: book.price,
    discountPercentage: book.discountPercentage,
    discountedPrice: book.discountedPrice,
    quantity,
    isInStock: book.isInStock,
    stockQuantity: book.stockQuantity,
    isNextDayDeliveryEligible: book.isNextDayDeliveryEligible,
    priceWhenAdded: filsToAed(unitPriceFilsWhenAdded),
    isPriceChanged: paidFils(book) !== unitPriceFilsWhenAdded,
    isQuantityAvailable: quantity <= book.stockQuantity,
    lineTotal: filsToAed(paidFils(book) * quantity),
  };
}

/** Totals over every line as it would be charged; lines short of stock block checkout instead. */
function toCart(lines: PricedLine[]): Cart {
  const items = lines.map(toCartItem);
  return { items, ...cartTotals(items) };
}

/** What every use case below is given: the database or the caller's transaction, and the catalogue. */
type CartContext = { tx: Tx; catalogue: CartDeps['catalogue'] };

async function findBook({ catalogue }: CartContext, bookId: number): Promise<Book> {
  const [book] = await catalogue.getBooksByIds([bookId]);
  if (!book) throw notFound(CartMessages.bookNotFound);
  return book;
}

async function pricedLines({ tx, catalogue }: CartContext, customerId: number): Promise<PricedLine[]> {
  const lines = await queries.listLines(tx, customerId);
  const books = new Map(
    (
      await catalogue.getBooksByIds(
        lines.map((line) => line.bookId),
        // A line whose book staff hid stays visible so it can be removed; checkout refuses it (409).
        { tx, includeHidden: true },
      )
    ).map((b) => [b.id, b]),
  );
  return lines.flatMap(({ bookId, quantity, unitPriceFilsWhenAdded }) => {
    const book = books.get(bookId);
    // A book deleted between the two reads; its line is gone with it (foreign key cascade).
    return book ? [{ book, quantity, unitPriceFilsWhenAdded }] : [];
  });
}

/** The cart priced now, as `ctx.tx` sees it (checkout passes its transaction). */
const getCart = async (ctx: CartContext, customerId: number): Promise<Cart> =>
  toCart(await pricedLines(ctx, customerId));

/**
 * Refuses a quantity the stock cannot cover, or more copies than one order may take: the
 * customer learns of the per-title cap here rather than at checkout (decision 057).
 */
function assertInStock(book: Book, quantity: number) {
  if (!book.isInStock) throw conflict(CartMessages.outOfStock(book.title));
  if (quantity > book.stockQuantity) throw conflict(CartMessages.notEnoughStock(book.title, book.stockQuantity));
  if (quantity > MAX_COPIES_PER_TITLE) throw conflict(CheckoutMessages.copiesPerTitleMax);
}

/** Adds copies; an existing line grows. The whole resulting line must be in stock. */
async function addItem(ctx: CartContext, customerId: number, { bookId, quantity }: AddToCart): Promise<Cart> {
  const book = await findBook(ctx, bookId);
  await ctx.tx.transaction(async (tx) => {
    await queries.lockCart(tx, customerId);
    const line = await queries.findLine(tx, customerId, bookId);
    if (!line && (await queries.countLines(tx, customerId)) >= CART_MAX_LINES) throw conflict(CartMessages.cartFull);
    const newQuantity = (line?.quantity ?? 0) + quantity;
    assertInStock(book, newQuantity);
    await queries.saveLine(tx, customerId, bookId, newQuantity, paidFils(book));
  });
  return getCart(ctx, customerId);
}

/**
 * Sets a line's quantity; 0 removes it. Raising is checked against stock; lowering is always
 * allowed, so a customer whose line exceeds a shrunken stock can step it down.
 */
async function setItemQuantity(
  ctx: CartContext,
  customerId: number,
  { bookId, quantity }: UpdateCartItem,
): Promise<Cart> {
  // Read before the transaction: PGlite runs one transaction at a time on its only connection.
  const [book] = await ctx.catalogue.getBooksByIds([bookId]);
  await ctx.tx.transaction(async (tx) => {
    await queries.lockCart(tx, customerId);
    const line = await queries.findLine(tx, customerId, bookId);
    if (!line || !book) throw notFound(CartMessages.notInCart);
    if (quantity === 0) {
      await queries.deleteLine(tx, customerId, bookId);
      return;
    }
    if (quantity > line.quantity) assertInStock(book, quantity);
    await queries.saveLine(tx, customerId, bookId, quantity, paidFils(book));
  });
  return getCart(ctx, customerId);
}

async function removeItem(ctx: CartContext, customerId: number, bookId: number): Promise<Cart> {
  if (!(await queries.deleteLine(ctx.tx, customerId, bookId))) throw notFound(CartMessages.notInCart);
  return getCart(ctx, customerId);
}

async function clear(ctx: CartContext, customerId: number): Promise<Cart> {
  await queries.deleteAllLines(ctx.tx, customerId);
  return getCart(ctx, customerId);
}

/**
 * Adds the guest cart kept in the browser to the customer's cart at login. Lenient where
 * add is strict: quantities are capped by stock, and books that are gone or sold out are
 * skipped; each such line is reported so the page can say what changed.
 */
async function merge(ctx: CartContext, customerId: number, guestLines: GuestCartLine[]): Promise<MergeCartResult> {
  const requested = new Map<number, number>();
  for (const { bookId, quantity } of guestLines) requested.set(bookId, (requested.get(bookId) ?? 0) + quantity);
  const books = new Map((await ctx.catalogue.getBooksByIds([...requested.keys()])).map((b) => [b.id, b]));
  const adjustments: MergeAdjustment[] = [];

  await ctx.tx.transaction(async (tx) => {
    await queries.lockCart(tx, customerId);
    const existing = new Map((await queries.listLines(tx, customerId)).map((line) => [line.bookId, line.quantity]));
    let lineCount = existing.size;
    for (const [bookId, want] of requested) {
      const book = books.get(bookId);
      const skip = (reason: MergeAdjustmentReason) => adjustments.push({ bookId, requested: want, added: 0, reason });
      if (!book) {
        skip(MergeAdjustmentReason.NotFound);
        continue;
      }
      if (!book.isInStock) {
        skip(MergeAdjustmentReason.OutOfStock);
        continue;
      }
      const current = existing.get(bookId);
      if (current === undefined && lineCount >= CART_MAX_LINES) {
        skip(MergeAdjustmentReason.CartFull);
        continue;
      }
      const target = Math.max(current ?? 0, Math.min((current ?? 0) + want, book.stockQuantity, MAX_COPIES_PER_TITLE));
      const added = target - (current ?? 0);
      if (added < want)
        adjustments.push({ bookId, requested: want, added, reason: MergeAdjustmentReason.CappedByStock });
      if (added === 0) continue;
      await queries.saveLine(tx, customerId, bookId, target, paidFils(book));
      if (current === undefined) lineCount += 1;
    }
  });
  return { cart: await getCart(ctx, customerId), adjustments };
}

/** What the delivery rules need to know about the customer's cart. */
async function deliveryOrderSummary(ctx: CartContext, customerId: number): Promise<DeliveryOrderSummary> {
  const lines = await pricedLines(ctx, customerId);
  return {
    itemsTotalFils: lines.reduce((sum, { book, quantity }) => sum + paidFils(book) * quantity, 0),
    allItemsNextDayEligible: lines.every(({ book }) => book.isNextDayDeliveryEligible),
  };
}

/**
 * The cart's use cases bound to the app's database. Those that checkout composes into its own
 * transaction take `{ tx }`; the rest open their own.
 */
export function createCartService({ db, catalogue }: CartDeps) {
  const ctx: CartContext = { tx: db, catalogue };
  const inTx = (options: { tx?: Tx }): CartContext => ({ tx: options.tx ?? db, catalogue });
  const lineQuantities = queries.prepareLineQuantities(db);
  return {
    /** The cart's books and quantities as last committed, in book-id order, unpriced and unlocked. */
    lineQuantities: (customerId: number) => lineQuantities.execute({ customerId }),
    /** The cart priced now; with `tx`, as that transaction sees it (checkout). */
    getCart: (customerId: number, options: { tx?: Tx } = {}) => getCart(inTx(options), customerId),
    addItem: (customerId: number, input: AddToCart) => addItem(ctx, customerId, input),
    setItemQuantity: (customerId: number, input: UpdateCartItem) => setItemQuantity(ctx, customerId, input),
    removeItem: (customerId: number, bookId: number) => removeItem(ctx, customerId, bookId),
    /** Removes these books' lines (checkout takes the ordered lines out of the cart); others stay. */
    removeBooks: (customerId: number, bookIds: number[], options: { tx?: Tx } = {}) =>
      queries.deleteLines(inTx(options).tx, customerId, bookIds),
    clear: (customerId: number, options: { tx?: Tx } = {}) => clear(inTx(options), customerId),
    merge: (customerId: number, guestLines: GuestCartLine[]) => merge(ctx, customerId, guestLines),
    deliveryOrderSummary: (customerId: number, options: { tx?: Tx } = {}) =>
      deliveryOrderSummary(inTx(options), customerId),
  };
}

export type CartService = ReturnType<typeof createCartService>;

/** The cart's lines, locked until the caller's transaction ends (book-id order, as stock locks): checkout places its order from them. */
export const lockCartLines = (customerId: number, { tx }: { tx: Tx }) => queries.lockLineQuantities(tx, customerId);
