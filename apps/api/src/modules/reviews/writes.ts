import {
  ReviewMessages,
  type CreateReview,
  type OwnReview,
  type StaffReview,
  type UpdateReview,
} from '@bookshop/contracts/reviews';
import { isUniqueViolation, type Tx } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { purchaseKey } from '../orders/service.ts';
import * as queries from './queries.ts';
import { ownReview, staffReviews, type ReviewReadDeps } from './reads.ts';

/** Runs a change to one book's reviews with the book locked and its rating kept up to date (service.ts). */
export type ChangeReviews = <T>(bookId: number, change: (tx: Tx) => Promise<T>, options?: { tx?: Tx }) => Promise<T>;

export type ReviewWriteDeps = ReviewReadDeps & { changeReviews: ChangeReviews };

/** The caller's own review, locked; another customer's is 404, as if it did not exist. */
async function lockOwn(tx: Tx, customerId: number, id: number): Promise<queries.ReviewRow> {
  const review = await queries.findReview(tx, id, { lock: true });
  if (!review || review.customerId !== customerId) throw notFound(ReviewMessages.notFound);
  return review;
}

/** The caller's own review before the change takes its locks; another customer's is 404. */
async function findOwn(db: Tx, customerId: number, id: number): Promise<queries.ReviewRow> {
  const found = await queries.findReview(db, id);
  if (!found || found.customerId !== customerId) throw notFound(ReviewMessages.notFound);
  return found;
}

export async function createReview(deps: ReviewWriteDeps, customerId: number, input: CreateReview): Promise<OwnReview> {
  const { catalogue, orders, changeReviews } = deps;
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
    return ownReview(deps, created.id);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(ReviewMessages.alreadyReviewed) : error;
  }
}

export async function updateReview(deps: ReviewWriteDeps, customerId: number, input: UpdateReview): Promise<OwnReview> {
  const found = await findOwn(deps.db, customerId, input.id);
  await deps.changeReviews(found.bookId, async (tx) => {
    await lockOwn(tx, customerId, input.id);
    await queries.updateReview(tx, input.id, {
      subject: input.subject,
      comment: input.comment,
      rating: input.rating,
      updatedAt: new Date(),
    });
  });
  return ownReview(deps, input.id);
}

export async function removeReview(deps: ReviewWriteDeps, customerId: number, id: number): Promise<void> {
  const found = await findOwn(deps.db, customerId, id);
  await deps.changeReviews(found.bookId, async (tx) => {
    await lockOwn(tx, customerId, id);
    await queries.deleteReview(tx, id);
  });
}

/** Deletes every review the customer wrote (account deletion), in the caller's transaction. */
export async function removeAllBy(
  { changeReviews }: Pick<ReviewWriteDeps, 'changeReviews'>,
  customerId: number,
  { tx }: { tx: Tx },
): Promise<void> {
  for (const review of await queries.listReviewsBy(tx, customerId))
    await changeReviews(review.bookId, (inner) => queries.deleteReview(inner, review.id), { tx });
}

/** Hides an abusive review (it leaves the book's average) or shows it again; 404 for none. */
export async function setHidden(
  deps: ReviewWriteDeps,
  staffId: number,
  id: number,
  hidden: boolean,
): Promise<StaffReview> {
  const found = await queries.findReview(deps.db, id);
  if (!found) throw notFound(ReviewMessages.notFound);
  await deps.changeReviews(found.bookId, async (tx) => {
    const review = await queries.findReview(tx, id, { lock: true });
    if (!review) throw notFound(ReviewMessages.notFound);
    if (hidden === (review.hiddenAt !== null)) return;
    await queries.updateReview(
      tx,
      id,
      hidden ? { hiddenAt: new Date(), hiddenBy: staffId } : { hiddenAt: null, hiddenBy: null },
    );
  });
  const row = await queries.findWithAuthor(deps.db, id);
  if (!row) throw notFound(ReviewMessages.notFound);
  return (await staffReviews(deps, [row]))[0]!;
}
