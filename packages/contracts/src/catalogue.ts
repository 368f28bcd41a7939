import { z } from 'zod';
import { AUTHOR_SEARCH_MAX_LIMIT, SEARCH_KEYWORD_MAX_LENGTH } from './constants.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';

/**
 * An Arabic name, title or description beside the English one (decision 090): null when staff
 * have not given one, and Arabic pages then show the English. A fixture may leave it out.
 */
export const arabic = () => z.string().nullable().default(null);

export const GenreSchema = z.object({ id: z.number().int(), name: z.string(), nameAr: arabic() });
export type Genre = z.infer<typeof GenreSchema>;

export const AuthorSchema = z.object({ id: z.number().int(), name: z.string(), nameAr: arabic() });
export type Author = z.infer<typeof AuthorSchema>;

/**
 * `GET v1/authors?search=…&limit=…` (decision 097): the authors whose English or Arabic name holds
 * the words, the exact name first, then names that begin with them, then A–Z; `name` answers the
 * one author of exactly that name (or none). Without any of them the route still answers every
 * author (the staff book form's list).
 */
export const AuthorQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters.').optional(),
  /** Exactly this name, any letter case: the one author (or none) a page or a link names. */
  name: z.string().trim().min(1, 'name cannot be empty.').max(200, 'name must be at most 200 characters.').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, `limit must be between 1 and ${AUTHOR_SEARCH_MAX_LIMIT}.`)
    .max(AUTHOR_SEARCH_MAX_LIMIT, `limit must be between 1 and ${AUTHOR_SEARCH_MAX_LIMIT}.`)
    .optional(),
});
export type AuthorQuery = z.infer<typeof AuthorQuerySchema>;

export const CountrySchema = z.object({
  /** ISO 3166-1 alpha-2 */
  code: z.string().length(2),
  name: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

/** A book as the storefront shows it (spec section 3). Money is decimal AED. */
export const BookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleAr: arabic(),
  description: z.string(),
  descriptionAr: arabic(),
  isbn: z.string(),
  price: z.number(),
  discountPercentage: z.number(),
  discountedPrice: z.number(),
  isInStock: z.boolean(),
  /** Copies that can still be bought; the cart caps quantities by it. */
  stockQuantity: z.number().int(),
  isNextDayDeliveryEligible: z.boolean(),
  /** Average review rating, 0–5. */
  rating: z.number(),
  ratingCount: z.number().int(),
  mainImageURL: z.string().nullable(),
  imageUrls: z.array(z.string()),
  mainImageIndex: z.number().int(),
  authors: z.array(AuthorSchema),
  genres: z.array(GenreSchema),
});
export type Book = z.infer<typeof BookSchema>;

export const BookPageSchema = pageOf(BookSchema);
export type BookPage = z.infer<typeof BookPageSchema>;

const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .transform((value) => value === 'true')
    .optional();

const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .min(0, `${name} cannot be negative.`)
    .max(1_000_000, `${name} is too large.`)
    .optional();

/** Filters of `GET v1/books`; prices are what the customer pays (after discount). */
export const BookQuerySchema = PageQuerySchema.extend({
  genre: z.string().trim().min(1).max(100).optional(),
  author: z.string().trim().min(1).max(200).optional(),
  minPrice: price('minPrice'),
  maxPrice: price('maxPrice'),
  filterInStock: booleanFlag('filterInStock'),
  hasDiscount: booleanFlag('hasDiscount'),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  message: 'minPrice cannot be greater than maxPrice.',
  path: ['minPrice'],
});
export type BookQuery = z.infer<typeof BookQuerySchema>;

export const SearchBooksQuerySchema = z.object({
  keyword: z
    .string()
    .max(SEARCH_KEYWORD_MAX_LENGTH, `keyword must be at most ${SEARCH_KEYWORD_MAX_LENGTH} characters.`)
    .default(''),
});

/**
 * `GET v1/search/books` (decision 088): every book a keyword finds, paged like the book list and
 * ranked as `GET v1/books/search-books`, whose first ten it begins with.
 */
export const SearchBooksPageQuerySchema = PageQuerySchema.extend(SearchBooksQuerySchema.shape);
export type SearchBooksPageQuery = z.infer<typeof SearchBooksPageQuerySchema>;

export const SearchResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleAr: arabic(),
  imageUrl: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const BookTitleParamsSchema = z.object({ title: z.string().min(1).max(300) });
