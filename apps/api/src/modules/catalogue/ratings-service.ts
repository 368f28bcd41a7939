import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { announceCatalogueChange } from './invalidation.ts';
import { books } from './schema.ts';

/**
 * The book's rating as cards and filters read it (`books.rating_average`, `rating_count`), kept
 * by the reviews module inside its own transaction (docs/decisions/040-reviews.md). A review
 * write locks the book's row first, so writes to one book's reviews queue and each recomputes
 * the aggregate after the previous one committed: the stored rating never drifts from the
 * reviews. Both setters announce the change, so every instance's cached lists forget it once the
 * transaction commits (invalidation.ts).
 */

export type RatedBook = { id: number; title: string; isActive: boolean };

/** Locks the book's row FOR UPDATE in the caller's transaction; undefined when there is no such book. */
export async function lockBookForRating(tx: Tx, bookId: number): Promise<RatedBook | undefined> {
  const [book] = await tx
    .select({ id: books.id, title: books.title, isActive: books.isActive })
    .from(books)
    .where(eq(books.id, bookId))
    .for('update');
  return book;
}

type Rating = { average: number; count: number };

/** The rating a shown book's page states (its reviews' header), without the rest of its row; undefined for a hidden or unknown book. */
export async function shownBookRating(tx: Tx, bookId: number): Promise<Rating | undefined> {
  const [book] = await tx
    .select({ average: books.ratingAverage, count: books.ratingCount })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.isActive, true)));
  return book && { average: Number(book.average), count: book.count };
}

/** Two decimals, as the column keeps it. */
const storedAverage = (rating: Rating) => rating.average.toFixed(2);

/** Stores the book's average (two decimals) and number of ratings; call with the row locked. */
export async function setBookRating(tx: Tx, bookId: number, rating: Rating) {
  await tx
    .update(books)
    .set({ ratingAverage: storedAverage(rating), ratingCount: rating.count })
    .where(eq(books.id, bookId));
  await announceCatalogueChange(tx);
}

/** `setBookRating` for many books in one statement (the demo seed rates its whole catalogue). */
export async function setBookRatings(tx: Tx, ratings: Map<number, Rating>) {
  if (ratings.size === 0) return;
  const rows = [...ratings].map(
    ([bookId, rating]) => sql`(${bookId}::integer, ${storedAverage(rating)}::numeric, ${rating.count}::integer)`,
  );
  await tx.execute(sql`
    update books set rating_average = r.average, rating_count = r.count
    from (values ${sql.join(rows, sql`, `)}) as r(id, average, count)
    where books.id = r.id`);
  await announceCatalogueChange(tx);
}
