import { cartTotals, type Cart, type CartItem } from '@bookshop/contracts/cart';
import { MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import { aedToFils, filsToAed } from '@bookshop/contracts/money';
import type { GuestCart } from '../guest-cart.ts';

/**
 * The guest's browser cart in the server cart's shape, so one page shows both. Totals come from
 * the same `cartTotals` the API uses; the browser copy knows no earlier price, so it is never
 * flagged as changed (the merge at login re-reads prices and stock).
 */
export function guestCartView(cart: GuestCart): Cart {
  const items: CartItem[] = Object.values(cart).map((line) => {
    const stockQuantity = line.isInStock ? line.stockQuantity : 0;
    return {
      id: line.id,
      title: line.title,
      titleAr: line.titleAr ?? null,
      description: line.description,
      descriptionAr: line.descriptionAr ?? null,
      imageUrl: line.imageUrl,
      price: line.price,
      discountPercentage: line.discountPercentage,
      discountedPrice: line.discountedPrice,
      quantity: line.quantity,
      isInStock: line.isInStock,
      stockQuantity,
      isNextDayDeliveryEligible: false,
      priceWhenAdded: line.discountedPrice,
      isPriceChanged: false,
      isQuantityAvailable: line.quantity <= stockQuantity,
      lineTotal: filsToAed(aedToFils(line.discountedPrice) * line.quantity),
    };
  });
  return { items, ...cartTotals(items) };
}

/** One more copy is possible while the stock and the copies one order may take allow it (decision 057). */
export const canIncrease = (item: CartItem) =>
  item.isInStock && item.quantity < item.stockQuantity && item.quantity < MAX_COPIES_PER_TITLE;

/** A line's warning; the cart line words it in the page's language (the contracts' CartMessages in English). */
export type LineWarning =
  | { kind: 'limit' }
  | { kind: 'stock'; soldOut: true }
  | { kind: 'stock'; soldOut: false; stock: number }
  | { kind: 'price'; before: number; now: number };

/**
 * What a line must tell the customer before checkout: sold out, short of copies, repriced, or at
 * the most copies of a title one order may take (and how to order more).
 */
export function lineWarnings(item: CartItem): LineWarning[] {
  const warnings: LineWarning[] = [];
  if (item.quantity >= MAX_COPIES_PER_TITLE) warnings.push({ kind: 'limit' });
  if (!item.isQuantityAvailable) {
    warnings.push(
      !item.isInStock || item.stockQuantity <= 0
        ? { kind: 'stock', soldOut: true }
        : { kind: 'stock', soldOut: false, stock: item.stockQuantity },
    );
  }
  if (item.isPriceChanged) warnings.push({ kind: 'price', before: item.priceWhenAdded, now: item.discountedPrice });
  return warnings;
}
