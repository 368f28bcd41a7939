import { toPage, type PageQuery } from '@bookshop/contracts/pagination';
import {
  REVIEW_RATINGS,
  ReviewMessages,
  type BookReviewsPage,
  type BookReviewsQuery,
  type CreateReview,
  type MyReviewsPage,
  type OwnReview,
  type Review,
  type ReviewEligibility,
  type StaffReview,
  type StaffReviewPage,
  type StaffReviewQuery,
  type UpdateReview,
} from '@bookshop/contracts/reviews';
import { isUniqueViolation, type Tx } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { lockBookForRating, setBookRating } from '../catalogue/ratings.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { purchaseKey, type OrdersService } from '../orders/service.ts';
import * as queries from './queries.ts';

export type ReviewsDeps = {
  db: Tx;
  catalogue: Pick<CatalogueService, 'getBooksByIds'>;
  orders: Pick<OrdersService, 'completedPurchases'>;
};

export function createReviewsService({ db, catalogue, orders }: ReviewsDeps) {
  /**
   * Runs a change to one book's reviews with the book's row locked, then stores the book's new
   * rating in the same transaction and tells every instance the catalogue changed. Every review
   * write goes through here, so the stored rating is always the aggregate of the shown reviews.
   */
  async function changeReviews<T>(bookId: number, change: (tx: Tx) => Promise<T>, options: { tx?: Tx } = {}) {
    const run = async (tx: Tx) => {
      if (!(await lockBookForRating(tx, bookId))) throw notFound(ReviewMessages.bookNotFound);
      const result = await change(tx);
      const { average, count } = await queries.aggregateRatings(tx, bookId);
      await setBookRating(tx, bookId, { average, count });
      return result;
    };
    // setBookRating tells every instance the catalogue changed once the transaction commits.
    return options.tx ? run(options.tx) : db.transaction(run);
  }

  /** Reviews as the storefront shows them, with whether each author bought the book. */
  async function toReviews(rows: queries.ReviewWithAuthor[]): Promise<(Review & { isHidden: boolean })[]> {
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
  async function withTitles<T extends { bookId: number }>(items: T[]): Promise<(T & { bookTitle: string })[]> {
    const books = await catalogue.getBooksByIds([...new Set(items.map((item) => item.bookId))], {
      includeHidden: true,
    });
    const titles = new Map(books.map((book) => [book.id, book.title]));
    return items.map((item) => ({ ...item, bookTitle: titles.get(item.bookId) ?? '' }));
  }

  async function ownReview(id: number): Promise<OwnReview> {
    const row = await queries.findWithAuthor(db, id);
    if (!row) throw notFound(ReviewMessages.notFound);
    const [review] = await withTitles(await toReviews([row]));
    return review!;
  }

  async function staffReviews(rows: queries.ReviewWithAuthor[]): Promise<StaffReview[]> {
    const reviews = await withTitles(await toReviews(rows));
    return reviews.map((review, i) => ({
      ...review,
      customerEmail: rows[i]!.customerEmail,
      hiddenAt: rows[i]!.review.hiddenAt?.toISOString() ?? null,
    }));
  }

  /** The caller's own review, locked; another customer's is 404, as if it did not exist. */
  async function lockOwn(tx: Tx, customerId: number, id: number): Promise<queries.ReviewRow> {
    const review = await queries.findReview(tx, id, { lock: true });
    if (!review || review.customerId !== customerId) throw notFound(ReviewMessages.notFound);
    return review;
  }

  return {
    async create(customerId: number, input: CreateReview): Promise<OwnReview> {
      const [book] = await catalogue.getBooksByIds([input.bookId]);
      if (!book) throw notFound(ReviewMessages.bookNotFound);
      const purchased = await orders.completedPurchases([{ customerId, bookId: input.bookId }]);
      if (!purchased.has(purchaseKey(customerId, input.bookId))) throw forbidden(ReviewMessages.notPurchased);
      try {
        const created = await changeReviews(input.bookId, async (tx) => {
          // The book's lock orders one customer's concurrent attempts: the second sees the first.
          if (await queries.findReviewBy(tx, customerId, input.bookId)) throw conflict(ReviewMessages.alreadyReviewed);
          return queries.insertReview(tx, {
            bookId: input.bookId,
            customerId,
            subject: input.subject,
            comment: input.comment,
            rating: input.rating,
          });
        });
        return ownReview(created.id);
      } catch (error) {
        throw isUniqueViolation(error) ? conflict(ReviewMessages.alreadyReviewed) : error;
      }
    },

    async update(customerId: number, input: UpdateReview): Promise<OwnReview> {
      const found = await queries.findReview(db, input.id);
      if (!found || found.customerId !== customerId) throw notFound(ReviewMessages.notFound);
      await changeReviews(found.bookId, async (tx) => {
        await lockOwn(tx, customerId, input.id);
        await queries.updateReview(tx, input.id, {
          subject: input.subject,
          comment: input.comment,
          rating: input.rating,
          updatedAt: new Date(),
        });
      });
      return ownReview(input.id);
    },

    async remove(customerId: number, id: number): Promise<void> {
      const found = await queries.findReview(db, id);
      if (!found || found.customerId !== customerId) throw notFound(ReviewMessages.notFound);
      await changeReviews(found.bookId, async (tx) => {
        await lockOwn(tx, customerId, id);
        await queries.deleteReview(tx, id);
      });
    },

    /** Deletes every review the customer wrote (account deletion), in the caller's transaction. */
    async removeAllBy(customerId: number, { tx }: { tx: Tx }): Promise<void> {
      for (const review of await queries.listReviewsBy(tx, customerId))
        await changeReviews(review.bookId, (inner) => queries.deleteReview(inner, review.id), { tx });
    },

    /** The caller's review of the book, hidden or not; 404 when they wrote none. */
    async getOwn(customerId: number, bookId: number): Promise<OwnReview> {
      const review = await queries.findReviewBy(db, customerId, bookId);
      if (!review) throw notFound(ReviewMessages.notFound);
      return ownReview(review.id);
    },

    async eligibility(customerId: number, bookId: number): Promise<ReviewEligibility> {
      const [purchased, review] = await Promise.all([
        orders.completedPurchases([{ customerId, bookId }]),
        queries.findReviewBy(db, customerId, bookId),
      ]);
      return { hasPurchased: purchased.has(purchaseKey(customerId, bookId)), reviewId: review?.id ?? null };
    },

    /** A page of the book's shown reviews with its rating; 404 for a book the storefront does not show. */
    async listForBook(bookId: number, { pageNo, pageSize, sort, rating }: BookReviewsQuery): Promise<BookReviewsPage> {
      const [book] = await catalogue.getBooksByIds([bookId]);
      if (!book) throw notFound(ReviewMessages.bookNotFound);
      const filter = { bookId, rating, hidden: false };
      const [noOfRecords, rows, aggregate] = await Promise.all([
        queries.countReviews(db, filter),
        queries.pageReviews(db, filter, sort, pageSize, (pageNo - 1) * pageSize),
        queries.aggregateRatings(db, bookId),
      ]);
      const data = (await toReviews(rows)).map(({ isHidden: _, ...review }) => review);
      return {
        ...toPage(data, noOfRecords, { pageNo, pageSize }),
        ratingAverage: book.rating,
        ratingCount: book.ratingCount,
        ratingDistribution: REVIEW_RATINGS.map((stars) => ({ rating: stars, count: aggregate.perStar[stars] ?? 0 })),
      };
    },

    async listMine(customerId: number, { pageNo, pageSize }: PageQuery): Promise<MyReviewsPage> {
      const filter = { customerId };
      const [noOfRecords, rows] = await Promise.all([
        queries.countReviews(db, filter),
        queries.pageReviews(db, filter, 'newest', pageSize, (pageNo - 1) * pageSize),
      ]);
      return toPage(await withTitles(await toReviews(rows)), noOfRecords, { pageNo, pageSize });
    },

    async listForStaff({ pageNo, pageSize, hidden }: StaffReviewQuery): Promise<StaffReviewPage> {
      const filter = { hidden };
      const [noOfRecords, rows] = await Promise.all([
        queries.countReviews(db, filter),
        queries.pageReviews(db, filter, 'newest', pageSize, (pageNo - 1) * pageSize),
      ]);
      return toPage(await staffReviews(rows), noOfRecords, { pageNo, pageSize });
    },

    /** Hides an abusive review (it leaves the book's average) or shows it again; 404 for none. */
    async setHidden(staffId: number, id: number, hidden: boolean): Promise<StaffReview> {
      const found = await queries.findReview(db, id);
      if (!found) throw notFound(ReviewMessages.notFound);
      await changeReviews(found.bookId, async (tx) => {
        const review = await queries.findReview(tx, id, { lock: true });
        if (!review) throw notFound(ReviewMessages.notFound);
        if (hidden === (review.hiddenAt !== null)) return;
        await queries.updateReview(
          tx,
          id,
          hidden ? { hiddenAt: new Date(), hiddenBy: staffId } : { hiddenAt: null, hiddenBy: null },
        );
      });
      const row = await queries.findWithAuthor(db, id);
      if (!row) throw notFound(ReviewMessages.notFound);
      return (await staffReviews([row]))[0]!;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
