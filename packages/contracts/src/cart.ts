import { z } from 'zod';
import { arabic } from './catalogue.ts';
import { amountToFreeDeliveryFils } from './delivery.ts';
import { aedToFils, filsToAed } from './money.ts';

/** Largest quantity of one book a cart line may hold, whatever the stock (keeps sums far from overflow). */
export const CART_MAX_QUANTITY = 999;
/** Most different books one cart may hold. */
export const CART_MAX_LINES = 100;

export const CartMessages = {
  bookIdRequired: 'Book id is required.',
  bookIdInvalid: 'Book id must be a positive whole number.',
  quantityInvalid: 'Quantity must be a whole number.',
  quantityMin: 'Quantity must be at least 1.',
  quantityNegative: 'Quantity cannot be negative.',
  quantityMax: `Quantity must be at most ${CART_MAX_QUANTITY}.`,
  mergeItemsRequired: 'Items are required.',
  mergeItemsMax: `A cart can hold at most ${CART_MAX_LINES} different books.`,
  bookNotFound: 'This book does not exist.',
  notInCart: 'This book is not in your cart.',
  outOfStock: (title: string) => `"${title}" is out of stock.`,
  notEnoughStock: (title: string, stock: number) =>
    `Only ${stock} ${stock === 1 ? 'copy' : 'copies'} of "${title}" ${stock === 1 ? 'is' : 'are'} in stock.`,
  cartFull: `Your cart can hold at most ${CART_MAX_LINES} different books.`,
  /** Shown on a line whose book sold out after it was added. */
  lineOutOfStock: 'This book is now out of stock. Remove it to continue to checkout.',
  lineNotEnoughStock: (stock: number) =>
    `Only ${stock} ${stock === 1 ? 'copy is' : 'copies are'} left. Lower the quantity to continue to checkout.`,
  linePriceChanged: (before: string, now: string) => `The price changed from ${before} to ${now} since you added it.`,
} as const;

export const BookIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? CartMessages.bookIdRequired : CartMessages.bookIdInvalid) })
  .int(CartMessages.bookIdInvalid)
  .positive(CartMessages.bookIdInvalid)
  .max(2_147_483_647, CartMessages.bookIdInvalid);

const quantity = (min: 0 | 1) =>
  z
    .number({ error: CartMessages.quantityInvalid })
    .int(CartMessages.quantityInvalid)
    .min(min, min === 0 ? CartMessages.quantityNegative : CartMessages.quantityMin)
    .max(CART_MAX_QUANTITY, CartMessages.quantityMax);

/** `POST v1/cart`: adds copies of a book; an existing line grows by `quantity` (default 1). */
export const AddToCartSchema = z.object({ bookId: BookIdSchema, quantity: quantity(1).default(1) });
export type AddToCart = z.infer<typeof AddToCartSchema>;

/** `PUT v1/cart`: sets a line's quantity; 0 removes the line. */
export const UpdateCartItemSchema = z.object({ bookId: BookIdSchema, quantity: quantity(0) });
export type UpdateCartItem = z.infer<typeof UpdateCartItemSchema>;

/** `DELETE v1/cart/delete-item` body. */
export const RemoveCartItemSchema = z.object({ bookId: BookIdSchema });
export type RemoveCartItem = z.infer<typeof RemoveCartItemSchema>;

/** A line of the guest cart kept in the browser. */
export const GuestCartLineSchema = z.object({ bookId: BookIdSchema, quantity: quantity(1) });
export type GuestCartLine = z.infer<typeof GuestCartLineSchema>;

/** `POST v1/cart/merge`: the browser's guest cart, sent once right after login. */
export const MergeCartSchema = z.object({
  items: z
    .array(GuestCartLineSchema, { error: CartMessages.mergeItemsRequired })
    .max(CART_MAX_LINES, CartMessages.mergeItemsMax),
});
export type MergeCart = z.infer<typeof MergeCartSchema>;

/** A cart line: the spec's cart item fields (id is the book id) plus what the page needs to warn. */
export const CartItemSchema = z.object({
  /** The book id. */
  id: z.number().int(),
  title: z.string(),
  titleAr: arabic(),
  description: z.string(),
  descriptionAr: arabic(),
  /** The book's main image, or null when it has none. */
  imageUrl: z.string().nullable(),
  price: z.number(),
  discountPercentage: z.number(),
  discountedPrice: z.number(),
  quantity: z.number().int(),
  isInStock: z.boolean(),
  /** Copies that can be bought now; quantities above it block checkout. */
  stockQuantity: z.number().int(),
  isNextDayDeliveryEligible: z.boolean(),
  /** What one copy cost (after discount) when the customer last added or changed this line. */
  priceWhenAdded: z.number(),
  /** The price paid now (discountedPrice) differs from priceWhenAdded. */
  isPriceChanged: z.boolean(),
  /** quantity ≤ stockQuantity; false also when the book is out of stock. */
  isQuantityAvailable: z.boolean(),
  /** discountedPrice × quantity. */
  lineTotal: z.number(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** `GET v1/cart` and the answer of every cart change. Money is decimal AED. */
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  /** Sum of quantities (the header badge). */
  itemCount: z.number().int(),
  /** Σ price × quantity, before discounts. */
  subtotal: z.number(),
  /** Σ (price − discountedPrice) × quantity. */
  discountTotal: z.number(),
  /** subtotal − discountTotal: what the books cost. Delivery is added at checkout. */
  total: z.number(),
  /** Decimal AED still needed for free standard delivery; 0 once it is free. */
  amountToFreeDelivery: z.number(),
  /** True when the cart is not empty and every line's quantity is in stock. */
  canCheckout: z.boolean(),
});
export type Cart = z.infer<typeof CartSchema>;

export type CartTotals = Omit<Cart, 'items'>;

/**
 * The cart's totals from its lines, summed in fils. The API answers them; the storefront uses
 * the same function for a guest's cart kept in the browser, so both show the same numbers.
 */
export function cartTotals(
  items: readonly Pick<CartItem, 'price' | 'discountedPrice' | 'quantity' | 'isQuantityAvailable'>[],
): CartTotals {
  let subtotalFils = 0;
  let totalFils = 0;
  let itemCount = 0;
  for (const item of items) {
    subtotalFils += aedToFils(item.price) * item.quantity;
    totalFils += aedToFils(item.discountedPrice) * item.quantity;
    itemCount += item.quantity;
  }
  return {
    itemCount,
    subtotal: filsToAed(subtotalFils),
    discountTotal: filsToAed(subtotalFils - totalFils),
    total: filsToAed(totalFils),
    amountToFreeDelivery: filsToAed(amountToFreeDeliveryFils(totalFils)),
    canCheckout: items.length > 0 && items.every((item) => item.isQuantityAvailable),
  };
}

export const MergeAdjustmentReason = {
  /** The book no longer exists. */
  NotFound: 'not-found',
  OutOfStock: 'out-of-stock',
  /** Fewer copies were added than asked for, to stay within stock (or the per-line maximum). */
  CappedByStock: 'capped-by-stock',
  CartFull: 'cart-full',
} as const;
export type MergeAdjustmentReason = (typeof MergeAdjustmentReason)[keyof typeof MergeAdjustmentReason];

export const MergeAdjustmentSchema = z.object({
  bookId: z.number().int(),
  requested: z.number().int(),
  added: z.number().int(),
  reason: z.enum([
    MergeAdjustmentReason.NotFound,
    MergeAdjustmentReason.OutOfStock,
    MergeAdjustmentReason.CappedByStock,
    MergeAdjustmentReason.CartFull,
  ]),
});
export type MergeAdjustment = z.infer<typeof MergeAdjustmentSchema>;

/** Answer of `POST v1/cart/merge`: the merged cart and every guest line not added in full. */
export const MergeCartResultSchema = z.object({
  cart: CartSchema,
  adjustments: z.array(MergeAdjustmentSchema),
});
export type MergeCartResult = z.infer<typeof MergeCartResultSchema>;
