import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OwnReview } from '@bookshop/contracts/reviews';
import { rows } from '../../platform/db.ts';
import { callAs, createCustomer, createTestApp, testBook, type TestAccount, type TestApp } from '../../test/app.ts';
import { completePurchase } from '../checkout/testing.ts';

/**
 * Many customers review one book at the same moment, then edit and delete at once. Each write
 * recomputes the book's rating from its reviews; only the book's row lock makes each one see the
 * writes committed before it. Without the lock two writers read the aggregate before either
 * commits and the last one stores a count short by one. PGlite runs one transaction at a time,
 * so this proves the lock only on PostgreSQL (DATABASE_URL); it runs on both.
 */

const CUSTOMERS = 16;
let t: TestApp;
let bookId: number;
let customers: TestAccount[];

beforeAll(async () => {
  t = await createTestApp();
  bookId = await t.catalogue.createBook(testBook({ title: 'Contested', stockQuantity: 100 }));
  customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createCustomer(t)));
  for (const customer of customers) await completePurchase(t, customer, [bookId]);
});
afterAll(() => t.close());

/** The books row against the aggregate of the shown reviews. */
async function stored() {
  const [row] = await rows<{ average: string; count: number; actual_average: string; actual_count: number }>(
    t.db,
    sql`select b.rating_average::text as average, b.rating_count as count,
               coalesce(round(avg(r.rating), 2), 0)::numeric(3, 2)::text as actual_average,
               count(r.id)::int as actual_count
        from books b left join reviews r on r.book_id = b.id and r.hidden_at is null
        where b.id = ${bookId} group by b.id`,
  );
  return row!;
}

it('leaves the book’s rating and count equal to its reviews after concurrent writes', async () => {
  const created = await Promise.all(
    customers.map((customer, i) =>
      callAs(t, 'POST', '/api/v1/reviews', customer, {
        bookId,
        subject: `Review ${i}`,
        comment: 'Written at the same moment as everyone else.',
        rating: (i % 5) + 1,
      }),
    ),
  );
  expect(created.map((res) => res.statusCode)).toEqual(customers.map(() => 201));
  let now = await stored();
  expect(now.count).toBe(CUSTOMERS);
  expect(now.average).toBe(now.actual_average);

  // A second review from everyone at once: all refused, nothing changes.
  const again = await Promise.all(
    customers.map((customer) =>
      callAs(t, 'POST', '/api/v1/reviews', customer, {
        bookId,
        subject: 'Again',
        comment: 'Trying to count twice for this book.',
        rating: 5,
      }),
    ),
  );
  expect(again.map((res) => res.statusCode)).toEqual(customers.map(() => 409));

  // Half edit, a quarter delete, at once.
  const reviews = created.map((res) => res.json<OwnReview>());
  await Promise.all(
    customers.map((customer, i) => {
      const review = reviews[i]!;
      if (i % 4 === 0) return callAs(t, 'DELETE', `/api/v1/reviews/${review.id}`, customer);
      if (i % 2 === 0) return Promise.resolve();
      return callAs(t, 'PUT', '/api/v1/reviews', customer, {
        id: review.id,
        subject: review.subject,
        comment: review.comment,
        rating: 6 - review.rating,
      });
    }),
  );
  now = await stored();
  expect(now.count).toBe(now.actual_count);
  expect(now.count).toBe(CUSTOMERS - CUSTOMERS / 4);
  expect(now.average).toBe(now.actual_average);
});
