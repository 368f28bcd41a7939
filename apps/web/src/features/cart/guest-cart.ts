import { useSyncExternalStore } from 'react';
import type { Book } from '@bookshop/contracts/catalogue';

/*
 * The cart of a visitor who is not logged in, kept in this browser's localStorage so it survives
 * reloads and is shared between tabs. Shape as spec section 3: a map keyed by book id.
 */

export type CartItem = {
  id: number;
  title: string;
  /** Absent in a cart stored before Arabic titles (decision 090). */
  titleAr?: string | null;
  price: number;
  quantity: number;
  description: string;
  descriptionAr?: string | null;
  imageUrl: string | null;
  isInStock: boolean;
  discountPercentage: number;
  discountedPrice: number;
  /** Copies that can be bought; the quantity never goes above it. */
  stockQuantity: number;
};

export type GuestCart = Readonly<Record<number, CartItem>>;

export const GUEST_CART_STORAGE_KEY = 'bookshop.cart';

export class CartError extends Error {
  constructor(
    readonly reason: 'out-of-stock' | 'stock-limit',
    message: string,
  ) {
    super(message);
    this.name = 'CartError';
  }
}

const EMPTY: GuestCart = Object.freeze({});

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'number' &&
    typeof item.title === 'string' &&
    typeof item.price === 'number' &&
    typeof item.quantity === 'number' &&
    item.quantity >= 1 &&
    typeof item.stockQuantity === 'number'
  );
}

/** Reads the stored cart; anything unreadable (old shape, hand-edited) is dropped, not fatal. */
function load(): GuestCart {
  try {
    const raw = globalThis.localStorage?.getItem(GUEST_CART_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const cart: Record<number, CartItem> = {};
    for (const value of Object.values(parsed)) if (isCartItem(value)) cart[value.id] = value;
    return cart;
  } catch {
    return EMPTY;
  }
}

let snapshot: GuestCart | null = null;
const listeners = new Set<() => void>();

function current(): GuestCart {
  snapshot ??= load();
  return snapshot;
}

function save(next: GuestCart) {
  snapshot = next;
  try {
    if (Object.keys(next).length === 0) globalThis.localStorage?.removeItem(GUEST_CART_STORAGE_KEY);
    else globalThis.localStorage?.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage can be full or blocked (private browsing); the cart still works for this page.
  }
  for (const listener of listeners) listener();
}

// Another tab changed the cart: pick it up so both tabs show the same count.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== GUEST_CART_STORAGE_KEY && event.key !== null) return;
    snapshot = load();
    for (const listener of listeners) listener();
  });
}

/** The cover shown in the cart: the chosen main image, else the legacy main image URL. */
function coverOf(book: Book): string | null {
  return book.imageUrls[book.mainImageIndex] ?? book.mainImageURL ?? book.imageUrls[0] ?? null;
}

export const guestCart = {
  get: current,

  /** Total copies in the cart (what the header badge shows). */
  count(): number {
    return Object.values(current()).reduce((sum, item) => sum + item.quantity, 0);
  },

  /**
   * Adds one copy. An existing line goes up by one, never past the copies in stock.
   * Throws a CartError when the book is out of stock or the line is already at the stock limit.
   */
  add(book: Book): CartItem {
    if (!book.isInStock || book.stockQuantity <= 0) {
      throw new CartError('out-of-stock', `"${book.title}" is out of stock.`);
    }
    const existing = current()[book.id];
    const quantity = (existing?.quantity ?? 0) + 1;
    if (quantity > book.stockQuantity) {
      throw new CartError('stock-limit', `Only ${book.stockQuantity} of "${book.title}" in stock.`);
    }
    // Refresh the stored details from the book just seen, so price and stock are not stale.
    const item: CartItem = {
      id: book.id,
      title: book.title,
      titleAr: book.titleAr,
      price: book.price,
      quantity,
      description: book.description,
      descriptionAr: book.descriptionAr,
      imageUrl: coverOf(book),
      isInStock: book.isInStock,
      discountPercentage: book.discountPercentage,
      discountedPrice: book.discountedPrice,
      stockQuantity: book.stockQuantity,
    };
    save({ ...current(), [book.id]: item });
    return item;
  },

  /** One more copy of a line already in the cart (the cart page's stepper), within the stored stock. */
  increment(bookId: number) {
    const existing = current()[bookId];
    if (!existing) return;
    if (!existing.isInStock || existing.quantity >= existing.stockQuantity) {
      throw new CartError('stock-limit', `Only ${existing.stockQuantity} of "${existing.title}" in stock.`);
    }
    save({ ...current(), [bookId]: { ...existing, quantity: existing.quantity + 1 } });
  },

  /** One copy fewer; the line goes when its quantity was 1. */
  remove(bookId: number) {
    const existing = current()[bookId];
    if (!existing) return;
    if (existing.quantity <= 1) guestCart.delete(bookId);
    else save({ ...current(), [bookId]: { ...existing, quantity: existing.quantity - 1 } });
  },

  /** Drops the whole line. */
  delete(bookId: number) {
    if (!current()[bookId]) return;
    const { [bookId]: _removed, ...rest } = current();
    save(rest);
  },

  clear() {
    save(EMPTY);
  },

  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The guest cart, re-rendering when it changes (in this tab or another). */
export function useGuestCart(): GuestCart {
  return useSyncExternalStore(guestCart.subscribe, current, () => EMPTY);
}

export function useGuestCartCount(): number {
  const cart = useGuestCart();
  return Object.values(cart).reduce((sum, item) => sum + item.quantity, 0);
}
