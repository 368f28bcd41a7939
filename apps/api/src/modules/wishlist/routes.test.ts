import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartMessages } from '@bookshop/contracts/cart';
import { WISHLIST_MAX_BOOKS, WishlistMessages } from '@bookshop/contracts/wishlist';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  type Method,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import { itRefusesGuestsAndStaff, type CustomerRoute } from '../../test/customer-only.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { t } = useTestApp();
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
let emma: number;
let persuasion: number;
let soldOut: number;

type NewBook = Parameters<TestApp['catalogue']['createBook']>[0];
let isbn = 9781000000000;
const book = (title: string, overrides: Partial<NewBook> = {}): NewBook => ({
  title,
  description: `About ${title}`,
  isbn: String(isbn++),
  priceFils: 4000,
  discountPercentage: 0,
  stockQuantity: 5,
  nextDayEligible: false,
  authorNames: ['Jane Austen'],
  genreNames: ['Classics'],
  imageKeys: [],
  ...overrides,
});

beforeAll(async () => {
  emma = await t.catalogue.createBook(book('Emma'));
  persuasion = await t.catalogue.createBook(book('Persuasion', { priceFils: 3000, discountPercentage: 50 }));
  soldOut = await t.catalogue.createBook(book('Sold Out', { stockQuantity: 0 }));
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  staff = await createStaff(t);
});

beforeEach(async () => {
  await call('DELETE', '/api/v1/wishlist', alice);
  await call('DELETE', '/api/v1/wishlist', bob);
});

const call = (method: Method, url: string, who?: TestAccount, payload?: unknown) =>
  callAs(t, method, url, who, payload);
const add = (who: TestAccount, bookId: unknown) => call('POST', '/api/v1/wishlist', who, { bookId });
const idsOf = async (who: TestAccount) => (await call('GET', '/api/v1/wishlist/books-ids', who)).json().booksIds;

describe('who may use the wishlist', () => {
  const routes: CustomerRoute[] = [
    ['list the books', 'GET', '/api/v1/wishlist'],
    ['list the ids', 'GET', '/api/v1/wishlist/books-ids'],
    ['add', 'POST', '/api/v1/wishlist', { bookId: 1 }],
    ['keep only some', 'PUT', '/api/v1/wishlist', { booksIds: [] }],
    ['clear', 'DELETE', '/api/v1/wishlist'],
    ['remove one', 'DELETE', '/api/v1/wishlist/1'],
  ];

  itRefusesGuestsAndStaff(routes, call, () => staff);
});

describe('POST /api/v1/wishlist', () => {
  it('adds a book and answers the ids, newest first', async () => {
    expect((await add(alice, emma)).json()).toEqual({ booksIds: [emma] });
    const res = await add(alice, persuasion);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booksIds: [persuasion, emma] });
  });

  it('ignores a duplicate', async () => {
    await add(alice, emma);
    const res = await add(alice, emma);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booksIds: [emma] });
  });

  it('accepts an out-of-stock book (saved for later)', async () => {
    expect((await add(alice, soldOut)).json()).toEqual({ booksIds: [soldOut] });
  });

  it('answers an unknown book with 404', async () => {
    const res = await add(alice, 999_999);
    expectProblem(res, 404);
    expect(res.json().detail).toBe(WishlistMessages.bookNotFound);
  });

  it.each([[-1], [1.5], ['7'], [undefined]])('rejects book id %j', async (bookId) => {
    expectValidationError(await add(alice, bookId), 'bookId');
    expect(await idsOf(alice)).toEqual([]);
  });

  it(`holds at most ${WISHLIST_MAX_BOOKS} books`, async () => {
    const carol = await createCustomer(t);
    // Arranged in SQL: five hundred books added one request at a time would only slow the suite.
    await t.db.execute(sql`insert into books (title, isbn, price_fils, stock_quantity)
      select 'Wish ' || n, '978' || lpad(n::text, 10, '0'), 1000, 1 from generate_series(1, ${WISHLIST_MAX_BOOKS}) n`);
    await t.db.execute(sql`insert into wishlist_items (customer_id, book_id)
      select ${carol.id}, id from books where title like 'Wish %'`);
    expect(await idsOf(carol)).toHaveLength(WISHLIST_MAX_BOOKS);
    const res = await add(carol, emma);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(WishlistMessages.wishlistFull);
    // A duplicate of a book already there is still fine.
    const first = (await idsOf(carol))[0];
    expect((await add(carol, first)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/wishlist and /books-ids', () => {
  it('pages the books, newest first, with the catalogue fields and when each was added', async () => {
    await add(alice, emma);
    await add(alice, persuasion);
    await add(alice, soldOut);
    const res = await call('GET', '/api/v1/wishlist?pageSize=5', alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paginationDetails).toEqual({ currentPage: 1, totalPages: 1, noOfRecords: 3, pageSize: 5 });
    expect(body.data.map((b: { title: string }) => b.title)).toEqual(['Sold Out', 'Persuasion', 'Emma']);
    expect(body.data[1]).toMatchObject({
      id: persuasion,
      price: 30,
      discountedPrice: 15,
      isInStock: true,
      addedAt: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ isInStock: false });

    const second = (await call('GET', '/api/v1/wishlist?pageSize=5&pageNo=2', alice)).json();
    expect(second).toEqual({
      data: [],
      paginationDetails: { currentPage: 2, totalPages: 1, noOfRecords: 3, pageSize: 5 },
    });
  });

  it('rejects a bad page size', async () => {
    expectValidationError(await call('GET', '/api/v1/wishlist?pageSize=1000', alice), 'pageSize');
  });

  it('shows nothing of another customer’s wishlist', async () => {
    await add(alice, emma);
    expect((await call('GET', '/api/v1/wishlist', bob)).json().data).toEqual([]);
    expect(await idsOf(bob)).toEqual([]);
  });
});

describe('PUT /api/v1/wishlist', () => {
  it('keeps only the listed books and never adds', async () => {
    await add(alice, emma);
    await add(alice, persuasion);
    const res = await call('PUT', '/api/v1/wishlist', alice, { booksIds: [persuasion, soldOut, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booksIds: [persuasion] });
  });

  it('clears with an empty list', async () => {
    await add(alice, emma);
    expect((await call('PUT', '/api/v1/wishlist', alice, { booksIds: [] })).json()).toEqual({ booksIds: [] });
  });

  it('changes only the caller’s wishlist', async () => {
    await add(alice, emma);
    await add(bob, emma);
    await call('PUT', '/api/v1/wishlist', bob, { booksIds: [] });
    expect(await idsOf(alice)).toEqual([emma]);
  });

  it.each([
    [{}, 'booksIds', WishlistMessages.booksIdsRequired],
    [{ booksIds: [1, -2] }, 'booksIds.1', CartMessages.bookIdInvalid],
    [
      { booksIds: Array.from({ length: WISHLIST_MAX_BOOKS + 1 }, (_, i) => i + 1) },
      'booksIds',
      WishlistMessages.booksIdsMax,
    ],
  ])('rejects %j naming %s', async (payload, field, message) => {
    expectValidationError(await call('PUT', '/api/v1/wishlist', alice, payload), field, message);
  });
});

describe('DELETE /api/v1/wishlist/{bookId} and DELETE /api/v1/wishlist', () => {
  it('removes one book', async () => {
    await add(alice, emma);
    await add(alice, persuasion);
    const res = await call('DELETE', `/api/v1/wishlist/${emma}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booksIds: [persuasion] });
  });

  it('answers a book not in the wishlist with 404', async () => {
    const res = await call('DELETE', `/api/v1/wishlist/${emma}`, alice);
    expectProblem(res, 404);
    expect(res.json().detail).toBe(WishlistMessages.notInWishlist);
  });

  it('cannot remove from another customer’s wishlist (404, nothing changed)', async () => {
    await add(alice, emma);
    expectProblem(await call('DELETE', `/api/v1/wishlist/${emma}`, bob), 404);
    expect(await idsOf(alice)).toEqual([emma]);
  });

  it('rejects a malformed id', async () => {
    expectValidationError(await call('DELETE', '/api/v1/wishlist/abc', alice), 'bookId');
    expectValidationError(await call('DELETE', '/api/v1/wishlist/1.5', alice), 'bookId');
  });

  it('clears only the caller’s wishlist', async () => {
    await add(alice, emma);
    await add(bob, persuasion);
    const res = await call('DELETE', '/api/v1/wishlist', alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booksIds: [] });
    expect(await idsOf(bob)).toEqual([persuasion]);
  });
});
