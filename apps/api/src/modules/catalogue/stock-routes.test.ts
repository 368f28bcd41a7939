import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffBook } from '@bookshop/contracts/book-admin';
import { RoleName } from '@bookshop/contracts/enums';
import { StockMessages, type StockMovement, type StockMovementPage } from '@bookshop/contracts/stock';
import { rows } from '../../platform/db.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { addAddress, checkout, fillCart, stockOf } from '../checkout/testing.ts';

/** The stock ledger's routes and the book form's stock field (issue 22, decision 077). */

const { t } = useTestApp();
const staff = {} as Record<RoleName, TestAccount>;
let customer: TestAccount;
let addressId: number;

beforeAll(async () => {
  customer = await createCustomer(t);
  addressId = await addAddress(t, customer);
  for (const role of [RoleName.NewUser, RoleName.User, RoleName.Supervisor, RoleName.Admin])
    staff[role] = await createStaff(t, role);
});

let isbnSeq = 200_000_000;
/** A book the staff form can save again: its ISBN has a valid check digit. */
const addBook = (title: string, stockQuantity = 5) => {
  const body = `978${isbnSeq++}`;
  return t.catalogue.createBook(testBook({ title, stockQuantity, isbn: `${body}${isbn13CheckDigit(body)}` }));
};

const movementsUrl = (bookId: number, query = '') => `/api/v1/books/${bookId}/stock-movements${query}`;
const ledger = async (bookId: number, query = '') => {
  const res = await callAs(t, 'GET', movementsUrl(bookId, query), staff[RoleName.Supervisor]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StockMovementPage>();
};
const move = (bookId: number, body: unknown, who = staff[RoleName.Supervisor]) =>
  callAs(t, 'POST', movementsUrl(bookId), who, body);

/** Every book's stock next to the sum of its movements: they must be equal. */
async function expectLedgerAddsUp() {
  const drift = await rows<{ id: number; stock: number; total: number }>(
    t.db,
    sql`select b.id, b.stock_quantity as stock, coalesce(sum(m.delta), 0)::int as total
        from books b left join stock_movements m on m.book_id = b.id
        group by b.id having b.stock_quantity <> coalesce(sum(m.delta), 0)`,
  );
  expect(drift).toEqual([]);
}

/** What the staff form loads and sends back: every field as it was, and the stock it was opened with. */
async function openForm(bookId: number) {
  const res = await callAs(t, 'GET', `/api/v1/books/book-for-update/${bookId}`, staff[RoleName.Supervisor]);
  expect(res.statusCode, res.body).toBe(200);
  const book = res.json<StaffBook>();
  return {
    id: book.id,
    title: book.title,
    description: book.description,
    isbn: book.isbn,
    price: String(book.price),
    discountPercentage: String(book.discountPercentage),
    stockQuantity: String(book.stockQuantity),
    originalStockQuantity: String(book.stockQuantity),
    isNextDayDeliveryEligible: book.isNextDayDeliveryEligible,
    isActive: book.isActive,
    authors: book.authors.map((a) => a.id),
    genres: book.genres.map((g) => g.id),
    keepImageUrls: book.imageUrls,
    mainImageIndex: book.mainImageIndex,
  };
}
const save = (form: Record<string, unknown>) => callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Supervisor], form);

describe('who may read and write a book’s stock movements', () => {
  it('401 without a token; 403 for a customer, a New User and a User (no books:manage)', async () => {
    const bookId = await addBook('Guarded Stock');
    const body = { delta: 3, reason: 'received' };
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', body],
    ] as const) {
      expectProblem(await callAs(t, method, movementsUrl(bookId), undefined, payload), 401);
      for (const who of [customer, staff[RoleName.NewUser], staff[RoleName.User]])
        expectProblem(await callAs(t, method, movementsUrl(bookId), who, payload), 403);
    }
    expect(await stockOf(t, 'Guarded Stock')).toBe(5);
    for (const who of [staff[RoleName.Supervisor], staff[RoleName.Admin]]) {
      expect((await move(bookId, body, who)).statusCode).toBe(201);
      expect((await callAs(t, 'GET', movementsUrl(bookId), who)).statusCode).toBe(200);
    }
    expect(await stockOf(t, 'Guarded Stock')).toBe(11);
  });

  it('404 problem+json for a book that does not exist', async () => {
    expectProblem(await callAs(t, 'GET', movementsUrl(999_999), staff[RoleName.Supervisor]), 404);
    expectProblem(await move(999_999, { delta: 1, reason: 'received' }), 404);
  });
});

describe('POST v1/books/{id}/stock-movements', () => {
  it('received copies raise the stock and answer the movement (201)', async () => {
    const bookId = await addBook('Fresh Delivery', 2);
    const res = await move(bookId, { delta: 12, reason: 'received', note: 'Box from the distributor' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StockMovement>()).toMatchObject({
      bookId,
      delta: 12,
      reason: 'received',
      reasonName: 'Received',
      stockAfter: 14,
      note: 'Box from the distributor',
      staffId: staff[RoleName.Supervisor].id,
      staffUserName: staff[RoleName.Supervisor].userName,
      orderId: null,
    });
    expect(await stockOf(t, 'Fresh Delivery')).toBe(14);
  });

  it('400 problem+json with the field named for bad input, and nothing changes', async () => {
    const bookId = await addBook('Badly Moved');
    expectValidationError(await move(bookId, { delta: 0, reason: 'received' }), 'delta', StockMessages.deltaInvalid);
    expectValidationError(await move(bookId, { delta: 1.5, reason: 'received' }), 'delta', StockMessages.deltaInvalid);
    expectValidationError(await move(bookId, { delta: 'many', reason: 'received' }), 'delta');
    expectValidationError(await move(bookId, { delta: 1, reason: 'sale' }), 'reason', StockMessages.reasonInvalid);
    expectValidationError(await move(bookId, { delta: 1 }), 'reason', StockMessages.reasonInvalid);
    expectValidationError(
      await move(bookId, { delta: -2, reason: 'received' }),
      'delta',
      StockMessages.receivedPositive,
    );
    expectValidationError(await move(bookId, { delta: 2, reason: 'damaged' }), 'delta', StockMessages.damagedNegative);
    expectValidationError(
      await move(bookId, { delta: 1, reason: 'correction', note: 'x'.repeat(501) }),
      'note',
      StockMessages.noteMax,
    );
    expectValidationError(
      await callAs(t, 'GET', movementsUrl(bookId, '?pageSize=0'), staff[RoleName.Admin]),
      'pageSize',
    );
    expectProblem(await move(0, { delta: 1, reason: 'received' }), 400);
    expect(await stockOf(t, 'Badly Moved')).toBe(5);
    expect((await ledger(bookId)).data).toHaveLength(1);
  });

  it('409 when the stock would go below zero (reserved copies are already off it); nothing changes', async () => {
    const bookId = await addBook('Nearly Gone', 3);
    await fillCart(t, customer, { [bookId]: 2 });
    await checkout(t, customer, addressId); // 2 reserved by a Pending order: 1 left for sale
    const res = await move(bookId, { delta: -2, reason: 'damaged' });
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(StockMessages.belowZero('Nearly Gone', 1));
    expect((await move(bookId, { delta: -1, reason: 'correction' })).statusCode).toBe(201);
    expect(await stockOf(t, 'Nearly Gone')).toBe(0);
    await expectLedgerAddsUp();
  });
});

describe('GET v1/books/{id}/stock-movements', () => {
  it('pages the ledger newest first: initial, sale with its order, release, received', async () => {
    const bookId = await addBook('Well Travelled', 4);
    await fillCart(t, customer, { [bookId]: 1 });
    const first = await checkout(t, customer, addressId);
    await fillCart(t, customer, { [bookId]: 2 });
    const second = await checkout(t, customer, addressId); // replaces the first: its copy is released
    await move(bookId, { delta: 6, reason: 'received' });
    await move(bookId, { delta: 1, reason: 'correction', note: 'Counted on the shelf' });
    await move(bookId, { delta: -1, reason: 'damaged' });

    const page = await ledger(bookId, '?pageNo=1&pageSize=5');
    expect(page.paginationDetails).toEqual({ currentPage: 1, totalPages: 2, noOfRecords: 7, pageSize: 5 });
    const all = [...page.data, ...(await ledger(bookId, '?pageNo=2&pageSize=5')).data];
    expect(all.map((m) => [m.reason, m.delta, m.stockAfter, m.orderId])).toEqual([
      ['damaged', -1, 8, null],
      ['correction', 1, 9, null],
      ['received', 6, 8, null],
      ['sale', -2, 2, second.orderId],
      ['released', 1, 4, first.orderId],
      ['sale', -1, 3, first.orderId],
      ['initial', 4, 4, null],
    ]);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    // Cancelling the Pending order gives its copies back as one more `released` row.
    const cancel = await callAs(t, 'POST', `/api/v1/orders/${second.orderId}/cancel`, customer);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ledger(bookId)).data[0]).toMatchObject({ reason: 'released', delta: 2, stockAfter: 10 });
    await expectLedgerAddsUp();
  });
});

describe('PUT v1/books: the stock field never writes a figure read earlier (the lost update)', () => {
  it('a discount saved from a form opened before a sale keeps the sale (20, sold one, saved: 19)', async () => {
    const bookId = await addBook('Twenty Copies', 20);
    const form = await openForm(bookId);
    await fillCart(t, customer, { [bookId]: 1 });
    await checkout(t, customer, addressId);
    expect(await stockOf(t, 'Twenty Copies')).toBe(19);

    const res = await save({ ...form, discountPercentage: '10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ discountPercentage: 10, stockQuantity: 19 });
    expect(await stockOf(t, 'Twenty Copies')).toBe(19);
    expect((await ledger(bookId)).data.map((m) => m.reason)).toEqual(['sale', 'initial']);
  });

  it('a stock edited on a form whose figure moved meanwhile is refused with 409, and nothing is saved', async () => {
    const bookId = await addBook('Moved Meanwhile', 20);
    const form = await openForm(bookId);
    await fillCart(t, customer, { [bookId]: 1 });
    await checkout(t, customer, addressId);

    const res = await save({ ...form, stockQuantity: '25', discountPercentage: '15' });
    expectProblem(res, 409);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.stockQuantity).toEqual([
      StockMessages.stockChanged(20, 19),
    ]);
    const now = await openForm(bookId);
    expect(now).toMatchObject({ stockQuantity: '19', discountPercentage: '0' });

    // Reloaded, the same change goes through as a correction of the difference.
    const again = await save({ ...now, stockQuantity: '25', discountPercentage: '15' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(t, 'Moved Meanwhile')).toBe(25);
    expect((await ledger(bookId)).data[0]).toMatchObject({
      reason: 'correction',
      delta: 6,
      stockAfter: 25,
      staffId: staff[RoleName.Supervisor].id,
    });
    await expectLedgerAddsUp();
  });

  it('a client that sends no originalStockQuantity sets the stock, and still never undoes a sale', async () => {
    const bookId = await addBook('Old Client', 8);
    const { originalStockQuantity: _, ...form } = await openForm(bookId);
    const price = await save({ ...form, price: '55' });
    expect(price.statusCode, price.body).toBe(200);
    const set = await save({ ...form, stockQuantity: '30' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await stockOf(t, 'Old Client')).toBe(30);
    expect((await ledger(bookId)).data[0]).toMatchObject({ reason: 'correction', delta: 22, stockAfter: 30 });

    // Its form, opened at 30, saved after a sale: the figure staff set is taken as the one it was opened with.
    await fillCart(t, customer, { [bookId]: 1 });
    await checkout(t, customer, addressId);
    const stale = await save({ ...form, stockQuantity: '30', discountPercentage: '10' });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(await stockOf(t, 'Old Client')).toBe(29);
    const changed = await save({ ...form, stockQuantity: '40' });
    expectProblem(changed, 409);
    expect(changed.json<{ detail: string }>().detail).toBe(StockMessages.stockChanged(30, 29));
    expect(await stockOf(t, 'Old Client')).toBe(29);
    expect((await ledger(bookId)).data.map((m) => m.reason)).toEqual(['sale', 'correction', 'initial']);
    await expectLedgerAddsUp();
  });

  it('a new book’s stock is its initial movement, by the staff member who added it', async () => {
    const source = await openForm(await addBook('Template Book'));
    const res = await callAs(t, 'POST', '/api/v1/books', staff[RoleName.Admin], {
      ...source,
      id: undefined,
      originalStockQuantity: undefined,
      keepImageUrls: undefined,
      title: 'Added By Hand',
      isbn: '9780306406157',
      stockQuantity: '13',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect((await ledger(id)).data).toMatchObject([
      { reason: 'initial', delta: 13, stockAfter: 13, staffId: staff[RoleName.Admin].id },
    ]);
    await expectLedgerAddsUp();
  });
});
