import type { StaffBookQuery } from '@bookshop/contracts/book-admin';
import type { BookQuery, SearchBooksPageQuery } from '@bookshop/contracts/catalogue';
import type { DashboardRange } from '@bookshop/contracts/dashboard';
import type { StockMovementQuery } from '@bookshop/contracts/stock';

/*
 * Every query key of the app, one factory per resource (decision 066). A feature builds its
 * queries' keys here, and a feature that must refresh another's data (a review changes a book's
 * rating, a cart change the delivery quote) invalidates through the same factory, so a key cannot
 * drift from the one it means. `all` is a resource's prefix: what invalidation and the cache
 * times (app/query-client.ts) match on.
 */

export const bookKeys = {
  all: ['books'] as const,
  list: (query: BookQuery) => [...bookKeys.all, 'list', query] as const,
  detail: (title: string) => [...bookKeys.all, 'detail', title] as const,
  search: (keyword: string) => [...bookKeys.all, 'search', keyword] as const,
  searchPage: (query: SearchBooksPageQuery) => [...bookKeys.all, 'search-page', query] as const,
};

export const authorKeys = {
  all: ['authors'] as const,
  /** The author picker's suggestions for typed text (decision 097). */
  search: (text: string, limit: number) => [...authorKeys.all, 'search', text, limit] as const,
  /** The one author of a name (the author page, the picker's chosen author). */
  named: (name: string) => [...authorKeys.all, 'named', name] as const,
};

export const genreKeys = { all: ['genres'] as const };

export const staffBookKeys = {
  all: ['staff-books'] as const,
  list: (query: StaffBookQuery) => [...staffBookKeys.all, query] as const,
  forUpdate: (id: number | null) => ['book-for-update', id] as const,
};

/** A book's stock ledger (decision 077): every page of one book under `book`. */
export const stockMovementKeys = {
  book: (bookId: number) => ['stock-movements', bookId] as const,
  page: (bookId: number, query: StockMovementQuery) => [...stockMovementKeys.book(bookId), query] as const,
};

export const configKeys = { all: ['config'] as const };

export const authKeys = {
  all: ['auth'] as const,
  googleSignIn: (idToken: string) => [...authKeys.all, 'google-signin', idToken] as const,
  googleLink: (idToken: string) => [...authKeys.all, 'google-link', idToken] as const,
  confirmEmail: (area: string, id: string) => [...authKeys.all, 'confirm-email', area, id] as const,
};

/** Every cart call answers the whole cart, so all of them write to this one cache entry. */
export const cartKeys = {
  all: ['cart'] as const,
  /** The cart changes' mutation key: the cart page disables its controls while any is on its way. */
  change: ['cart', 'change'] as const,
};

/**
 * Under 'shipping-fees', so the spec's 1 h cache time applies; every cart change invalidates it,
 * since the quote depends on the cart (decision 011).
 */
export const shippingFeeKeys = {
  all: ['shipping-fees'] as const,
  /** The quote judged for one delivery address (decision 079). */
  quoteFor: (addressId: number | undefined) => ['shipping-fees', 'quote', addressId ?? null] as const,
};

export const checkoutKeys = {
  outcome: (outcome: string, sessionId: string) => ['checkout', outcome, sessionId] as const,
  paymentMethods: (addressId: number | undefined, deliveryMethod: string | undefined) =>
    ['checkout', 'payment-methods', addressId, deliveryMethod] as const,
  order: (orderId: number) => ['checkout', 'order', orderId] as const,
};

export const customerOrderKeys = {
  all: ['customer-orders'] as const,
  list: <Q>(query: Q) => [...customerOrderKeys.all, 'list', query] as const,
  detail: (id: number) => [...customerOrderKeys.all, 'detail', id] as const,
};

/** Staff views of orders; cancelling one invalidates the whole prefix (list, detail, dashboard). */
export const staffOrderKeys = {
  all: ['staff-orders'] as const,
  list: <Q>(query: Q) => [...staffOrderKeys.all, 'list', query] as const,
  detail: (id: number) => [...staffOrderKeys.all, 'detail', id] as const,
  /** Paid orders with copies still to ship (the orders table's 'To ship' count). */
  toShip: () => [...staffOrderKeys.all, 'to-ship'] as const,
};

/** The carriers staff ship with (constants of the API). */
export const carrierKeys = { all: ['carriers'] as const };

/** Everything the reviews feature caches; a deleted review refetches the whole prefix (spec section 4). */
export const reviewKeys = {
  all: ['reviews'] as const,
  book: (bookId: number) => [...reviewKeys.all, 'book', bookId] as const,
  bookPage: <Q>(bookId: number, query: Q) => [...reviewKeys.book(bookId), query] as const,
  own: (bookId: number) => [...reviewKeys.all, 'own', bookId] as const,
  eligibility: (bookId: number) => [...reviewKeys.all, 'eligibility', bookId] as const,
  mine: ['reviews', 'mine'] as const,
  minePage: <Q>(query: Q) => [...reviewKeys.mine, query] as const,
};

/** The moderation list; hiding or showing a review invalidates the whole prefix. */
export const staffReviewKeys = {
  all: ['staff-reviews'] as const,
  list: <Q>(query: Q) => [...staffReviewKeys.all, query] as const,
};

export const customerProfileKeys = { all: ['customer-profile'] as const };

export const staffKeys = {
  me: ['staff', 'me'] as const,
  lists: ['staff', 'list'] as const,
  list: <Q>(query: Q) => [...staffKeys.lists, query] as const,
  dashboard: (range: DashboardRange) => ['staff', 'dashboard', range] as const,
};

export const customerTicketKeys = {
  all: ['customer-tickets'] as const,
  list: <Q>(query: Q) => [...customerTicketKeys.all, query] as const,
};

/** Staff views of tickets; a reply or a status change invalidates the whole prefix. */
export const staffTicketKeys = {
  all: ['staff-tickets'] as const,
  list: <Q>(query: Q) => [...staffTicketKeys.all, 'list', query] as const,
  detail: (id: number) => [...staffTicketKeys.all, 'detail', id] as const,
};

/** Under 'wishlist', so the spec's 1 h cache time applies. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: ['wishlist', 'books-ids'] as const,
  books: ['wishlist', 'books'] as const,
};

/** The signed-in customer's back-in-stock alerts; asking for one invalidates the prefix. */
export const stockAlertKeys = {
  all: ['stock-alerts'] as const,
  list: ['stock-alerts', 'list'] as const,
};

/** Under 'addresses', so the spec's 24 h cache time applies. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: ['addresses', 'list'] as const,
  details: ['addresses', 'detail'] as const,
  detail: (id: number) => [...addressKeys.details, id] as const,
};

export const countryKeys = { all: ['countries'] as const };

export const shortLinkKeys = { url: (originalUrl: string) => ['short-link', originalUrl] as const };

/** The VAT return of a period (reports:view). */
export const vatReportKeys = {
  all: ['vat-report'] as const,
  period: (from: string, to: string) => [...vatReportKeys.all, from, to] as const,
};
