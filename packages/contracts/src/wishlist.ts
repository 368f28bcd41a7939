import { z } from 'zod';
import { BookIdSchema } from './cart.ts';
import { BookSchema } from './catalogue.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';

/**
 * Most books one wishlist may hold. The bound is what lets `GET v1/wishlist/books-ids` answer
 * the whole id set in one response (every book card needs it for 'Already Added').
 */
export const WISHLIST_MAX_BOOKS = 500;

export const WishlistMessages = {
  booksIdsRequired: 'Book ids are required.',
  booksIdsMax: `A wishlist can hold at most ${WISHLIST_MAX_BOOKS} books.`,
  bookNotFound: 'This book does not exist.',
  notInWishlist: 'This book is not in your wishlist.',
  wishlistFull: `Your wishlist can hold at most ${WISHLIST_MAX_BOOKS} books.`,
} as const;

/** `POST v1/wishlist`: adds a book; adding one already there changes nothing. */
export const AddToWishlistSchema = z.object({ bookId: BookIdSchema });

/** `PUT v1/wishlist`: keeps only the listed books (never adds). */
export const UpdateWishlistSchema = z.object({
  booksIds: z
    .array(BookIdSchema, { error: WishlistMessages.booksIdsRequired })
    .max(WISHLIST_MAX_BOOKS, WishlistMessages.booksIdsMax),
});

export const WishlistBookParamsSchema = z.object({
  bookId: z.coerce.number({ error: 'Book id must be a positive whole number.' }).pipe(BookIdSchema),
});

/** The ids of the books in the wishlist, newest first: the storefront's "map of book ids". */
export const WishlistBookIdsSchema = z.object({ booksIds: z.array(z.number().int()) });
export type WishlistBookIds = z.infer<typeof WishlistBookIdsSchema>;

/** A wishlisted book: the catalogue's book plus when it was added. */
export const WishlistItemSchema = BookSchema.extend({ addedAt: z.iso.datetime({ offset: true }) });
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const WishlistQuerySchema = PageQuerySchema;
/** `GET v1/wishlist`: the books, newest first, paged. */
export const WishlistPageSchema = pageOf(WishlistItemSchema);
export type WishlistPage = z.infer<typeof WishlistPageSchema>;
