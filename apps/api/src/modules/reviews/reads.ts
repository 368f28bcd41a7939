import { toPage, type PageQuery } from '@bookshop/contracts/pagination';
import {
  REVIEW_RATINGS,
  ReviewMessages,
  type BookReviewsPage,
  type BookReviewsQuery,
  type MyReviewsPage,
  type OwnReview,
  type Review,
  type ReviewEligibility,
  type StaffReview,
  type StaffReviewPage,
  type StaffReviewQuery,
} from '@bookshop/contracts/reviews';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { shownBookRating } from '../catalogue/ratings-service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { purchaseKey, type OrdersService } from '../orders/service.ts';
import * as queries from './queries.ts';

/** What showing reviews needs: the books' titles and whether each author bought the book. */
export type ReviewReadDeps = {
  db: Tx;
  catalogue: Pick<CatalogueService, 'getBooksByIds'>;
  orders: Pick<OrdersService, 'completedPurchases'>;
};

/** Reviews as the storefront shows them, with whether each author bought the book. */
async function toReviews(
  { orders }: ReviewReadDeps,
  rows: queries.ReviewWithAuthor[],
): Promise<(Review & { isHidden: boolean })[]> {
  const verified = await orders.completedPurchases(rows.map(({ review }) => review));
  return rows.map(({ review, userName }) => ({
    id: review.id,
    bookId: review.bookId,
    subject: review.subject,
    comment: review.comment,
    rating: review.rating,
    userName,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    isVerifiedPurchase: verified.has(purchaseKey(review.customerId, review.bookId)),
    isHidden: review.hiddenAt !== null,
  }));
}

/** Adds each book's title (hidden books too: their reviews stay the author's). */
async function withTitles<T extends { bookId: number }>(
  { catalogue }: ReviewReadDeps,
  items: T[],
): Promise<(T & { bookTitle: string })[]> {
  const books = await catalogue.getBooksByIds([...new Set(items.map((item) => item.bookId))], {
    includeHidden: true,
  });
  const titles = new Map(books.map((book) => [book.id, book.title]));
  return items.map((item) => ({ ...item, bookTitle: titles.get(item.bookId) ?? '' }));
}

export async function ownReview(deps: ReviewReadDeps, id: number): Promise<OwnReview> {
  const row = await queries.findWithAuthor(deps.db, id);
  if (!row) throw notFound(ReviewMessages.notFound);
  const [review] = await withTitles(deps, await toReviews(deps, [row]));
  return review!;
}

export async function staffReviews(deps: ReviewReadDeps, rows: queries.ReviewWithAuthor[]): Promise<StaffReview[]> {
  const reviews = await withTitles(deps, await toReviews(deps, rows));
  return reviews.map((review, i) => ({
    ...review,
    customerEmail: rows[i]!.customerEmail,
    hiddenAt: rows[i]!.review.hiddenAt?.toISOString() ?? null,
  }));
}

/**
 * The caller's review of the book, hidden or not; null when they wrote none, an ordinary answer
 * for a book page or review form asking before a first review (decision 076).
 */
export async function getOwn(deps: ReviewReadDeps, customerId: number, bookId: number): Promise<OwnReview | null> {
  const review = await queries.findReviewBy(deps.db, customerId, bookId);
  return review ? ownReview(deps, review.id) : null;
}

export async function eligibility(
  { db, orders }: ReviewReadDeps,
  customerId: number,
  bookId: number,
): Promise<ReviewEligibility> {
  const [purchased, review] = await Promise.all([
    orders.completedPurchases([{ customerId, bookId }]),
    queries.findReviewBy(db, customerId, bookId),
  ]);
  return { hasPurchased: purchased.has(purchaseKey(customerId, bookId)), reviewId: review?.id ?? null };
}

/** One page of the reviews `filter` selects, and how many it selects in all. */
async function pageOf(
  { db }: ReviewReadDeps,
  filter: queries.ReviewFilter,
  sort: Parameters<typeof queries.pageReviews>[2],
  { pageNo, pageSize }: PageQuery,
) {
  const [noOfRecords, rows] = await Promise.all([
    queries.countReviews(db, filter),
    queries.pageReviews(db, filter, sort, pageSize, (pageNo - 1) * pageSize),
  ]);
  return { noOfRecords, rows };
}

/**
 * A page of the book's shown reviews with its rating; 404 for a book the storefront does not show.
 * The book page's first render asks for this, so it costs three light reads at once: the book's
 * stored rating, the page, and the per-star counts (whose sum is the page's total).
 */
export async function listForBook(
  deps: ReviewReadDeps,
  bookId: number,
  { pageNo, pageSize, sort, rating }: BookReviewsQuery,
): Promise<BookReviewsPage> {
  const filter = { bookId, rating, hidden: false };
  const [book, rows, aggregate] = await Promise.all([
    shownBookRating(deps.db, bookId),
    queries.pageReviews(deps.db, filter, sort, pageSize, (pageNo - 1) * pageSize),
    queries.aggregateRatings(deps.db, bookId),
  ]);
  if (!book) throw notFound(ReviewMessages.bookNotFound);
  const noOfRecords = rating === undefined ? aggregate.count : (aggregate.perStar[rating] ?? 0);
  const data = (await toReviews(deps, rows)).map(({ isHidden: _, ...review }) => review);
  return {
    ...toPage(data, noOfRecords, { pageNo, pageSize }),
    ratingAverage: book.average,
    ratingCount: book.count,
    ratingDistribution: REVIEW_RATINGS.map((stars) => ({ rating: stars, count: aggregate.perStar[stars] ?? 0 })),
  };
}

export async function listMine(
  deps: ReviewReadDeps,
  customerId: number,
  { pageNo, pageSize }: PageQuery,
): Promise<MyReviewsPage> {
  const { noOfRecords, rows } = await pageOf(deps, { customerId }, 'newest', { pageNo, pageSize });
  return toPage(await withTitles(deps, await toReviews(deps, rows)), noOfRecords, { pageNo, pageSize });
}

export async function listForStaff(
  deps: ReviewReadDeps,
  { pageNo, pageSize, hidden }: StaffReviewQuery,
): Promise<StaffReviewPage> {
  const { noOfRecords, rows } = await pageOf(deps, { hidden }, 'newest', { pageNo, pageSize });
  return toPage(await staffReviews(deps, rows), noOfRecords, { pageNo, pageSize });
}
