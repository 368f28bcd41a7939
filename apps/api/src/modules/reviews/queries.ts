import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ReviewSort } from '@bookshop/contracts/reviews';
import { countRows, type Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';
import { reviews } from './schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** A review with its author's user name and e-mail address. */
const withAuthor = { review: reviews, userName: accounts.userName, customerEmail: accounts.emailAddress };
export type ReviewWithAuthor = { review: ReviewRow; userName: string; customerEmail: string };

export async function insertReviews(tx: Tx, rows: NewReview[]): Promise<void> {
  if (rows.length > 0) await tx.insert(reviews).values(rows);
}

export async function findAnyReviewId(tx: Tx): Promise<number | undefined> {
  const [row] = await tx.select({ id: reviews.id }).from(reviews).limit(1);
  return row?.id;
}

export async function insertReview(tx: Tx, review: NewReview): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(review).returning();
  return row!;
}

/** The review, locked FOR UPDATE when `lock`: the first lock every change of a review takes. */
export async function findReview(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<ReviewRow | undefined> {
  const query = tx.select().from(reviews).where(eq(reviews.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findReviewBy(tx: Tx, customerId: number, bookId: number): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), eq(reviews.bookId, bookId)));
  return row;
}

export async function findWithAuthor(tx: Tx, id: number): Promise<ReviewWithAuthor | undefined> {
  const [row] = await tx
    .select(withAuthor)
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.customerId))
    .where(eq(reviews.id, id));
  return row;
}

export async function updateReview(tx: Tx, id: number, changes: Partial<NewReview>): Promise<void> {
  await tx.update(reviews).set(changes).where(eq(reviews.id, id));
}

export async function deleteReview(tx: Tx, id: number): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

export const listReviewsBy = (tx: Tx, customerId: number) =>
  tx.select({ id: reviews.id, bookId: reviews.bookId }).from(reviews).where(eq(reviews.customerId, customerId));

export type RatingAggregate = { count: number; average: number; perStar: Record<number, number> };

/** The shown reviews' count, average and count per star; read after the book's row is locked. */
export async function aggregateRatings(tx: Tx, bookId: number): Promise<RatingAggregate> {
  return (await aggregateRatingsOf(tx, [bookId])).get(bookId)!;
}

/**
 * `aggregateRatings` for many books in one query (the demo seed rates every book at once); a
 * book without shown reviews gets count 0 and average 0.
 */
export async function aggregateRatingsOf(tx: Tx, bookIds: number[]): Promise<Map<number, RatingAggregate>> {
  const perStar =
    bookIds.length === 0
      ? []
      : await tx
          .select({ bookId: reviews.bookId, rating: reviews.rating, n: count() })
          .from(reviews)
          .where(and(inArray(reviews.bookId, bookIds), isNull(reviews.hiddenAt)))
          .groupBy(reviews.bookId, reviews.rating);
  const sums = new Map<number, number>();
  const aggregates = new Map<number, RatingAggregate>(bookIds.map((id) => [id, { count: 0, average: 0, perStar: {} }]));
  for (const row of perStar) {
    const aggregate = aggregates.get(row.bookId)!;
    aggregate.count += Number(row.n);
    aggregate.perStar[row.rating] = Number(row.n);
    sums.set(row.bookId, (sums.get(row.bookId) ?? 0) + row.rating * Number(row.n));
  }
  for (const [bookId, sum] of sums) aggregates.get(bookId)!.average = sum / aggregates.get(bookId)!.count;
  return aggregates;
}

export type ReviewFilter = {
  bookId?: number;
  customerId?: number;
  rating?: number;
  /** true: hidden only; false: shown only; undefined: both. */
  hidden?: boolean;
};

function whereOf(filter: ReviewFilter): SQL | undefined {
  return and(
    filter.bookId === undefined ? undefined : eq(reviews.bookId, filter.bookId),
    filter.customerId === undefined ? undefined : eq(reviews.customerId, filter.customerId),
    filter.rating === undefined ? undefined : eq(reviews.rating, filter.rating),
    filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
  );
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

export const pageReviews = (tx: Tx, filter: ReviewFilter, sort: ReviewSort, limit: number, offset: number) =>
  tx
    .select(withAuthor)
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.customerId))
    .where(whereOf(filter))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);

export const countReviews = (tx: Tx, filter: ReviewFilter): Promise<number> => countRows(tx, reviews, whereOf(filter));
