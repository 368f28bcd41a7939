import type { PageQuery } from '@bookshop/contracts/pagination';
import {
  ReviewMessages,
  type BookReviewsQuery,
  type CreateReview,
  type StaffReviewQuery,
  type UpdateReview,
} from '@bookshop/contracts/reviews';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { lockBookForRating, setBookRating } from '../catalogue/ratings-service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { OrdersService } from '../orders/service.ts';
import * as queries from './queries.ts';
import { eligibility, getOwn, listForBook, listForStaff, listMine } from './reads.ts';
import { createReview, removeAllBy, removeReview, setHidden, updateReview } from './writes.ts';

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

  const deps = { db, catalogue, orders, changeReviews };
  return {
    create: (customerId: number, input: CreateReview) => createReview(deps, customerId, input),
    update: (customerId: number, input: UpdateReview) => updateReview(deps, customerId, input),
    remove: (customerId: number, id: number) => removeReview(deps, customerId, id),
    removeAllBy: (customerId: number, options: { tx: Tx }) => removeAllBy(deps, customerId, options),
    getOwn: (customerId: number, bookId: number) => getOwn(deps, customerId, bookId),
    eligibility: (customerId: number, bookId: number) => eligibility(deps, customerId, bookId),
    listForBook: (bookId: number, query: BookReviewsQuery) => listForBook(deps, bookId, query),
    listMine: (customerId: number, query: PageQuery) => listMine(deps, customerId, query),
    listForStaff: (query: StaffReviewQuery) => listForStaff(deps, query),
    setHidden: (staffId: number, id: number, hidden: boolean) => setHidden(deps, staffId, id, hidden),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** Each book's review count and mean rating from its reviews, in the caller's transaction (the demo seed stores them). */
export const aggregateRatings = (bookIds: number[], { tx }: { tx: Tx }) => queries.aggregateRatingsOf(tx, bookIds);

/** Whether any review exists, in the caller's transaction (the demo seed adds its reviews only to a shop without any). */
export const hasAnyReview = async (tx: Tx): Promise<boolean> => (await queries.findAnyReviewId(tx)) !== undefined;

/** Stores reviews as they are, in the caller's transaction: the demo seed's, whose ratings it then sets itself. */
export const addSeedReviews = (tx: Tx, rows: queries.NewReview[]): Promise<void> => queries.insertReviews(tx, rows);
