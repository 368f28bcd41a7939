import { beforeAll, describe, expect, it } from 'vitest';
import { TextMessages } from '@bookshop/contracts/text';
import { BookAdminMessages, type StaffBook, type StaffBookPage } from '@bookshop/contracts/book-admin';
import type { Book, BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import { RoleName } from '@bookshop/contracts/enums';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type Method,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { addAddress, checkout, createSession, fillCart, getOrder } from '../checkout/testing.ts';

const { t } = useTestApp();
let customer: TestAccount;
const staff = {} as Record<RoleName, TestAccount>;
let austenId: number;
let romanceId: number;

let isbnSeq = 100_000_000;
/** A fresh ISBN-13 with a valid check digit. */
const validIsbn = () => {
  const body = `978${isbnSeq++}`;
  return `${body}${isbn13CheckDigit(body)}`;
};

const form = (overrides: Record<string, unknown> = {}) => ({
  title: `Book ${isbnSeq}`,
  description: 'A staff-written book.',
  isbn: validIsbn(),
  price: '49.99',
  discountPercentage: '0',
  stockQuantity: '7',
  isNextDayDeliveryEligible: 'false',
  authors: [austenId],
  genres: [romanceId],
  ...overrides,
});

beforeAll(async () => {
  const seedId = await t.catalogue.createBook(testBook({ title: 'Seed Book' }));
  const seed = (await t.catalogue.getBooksByIds([seedId]))[0]!;
  austenId = seed.authors[0]!.id;
  romanceId = seed.genres[0]!.id;
  customer = await createCustomer(t);
  for (const role of [RoleName.NewUser, RoleName.User, RoleName.Supervisor, RoleName.Admin])
    staff[role] = await createStaff(t, role);
});

const create = async (overrides: Record<string, unknown> = {}, who = staff[RoleName.Supervisor]) => {
  const res = await callAs(t, 'POST', '/api/v1/books', who, form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Book>();
};
const storefront = (url: string) => t.app.inject({ method: 'GET', url });
const bookPage = (title: string) => storefront(`/api/v1/books/${encodeURIComponent(title)}`);
const search = async (keyword: string) =>
  (await storefront(`/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`)).json<SearchResult[]>();

describe('who may use the staff catalogue routes', () => {
  const routes: { method: Method; url: () => string; write: boolean; body?: () => unknown }[] = [
    { method: 'GET', url: () => '/api/v1/staff/books', write: false },
    { method: 'GET', url: () => '/api/v1/books/book-for-update/1', write: false },
    { method: 'POST', url: () => '/api/v1/books', write: true, body: () => form() },
    {
      method: 'PUT',
      url: () => '/api/v1/books',
      write: true,
      body: () => ({ ...form({ stockQuantity: '5' }), id: 1 }),
    },
    { method: 'PATCH', url: () => '/api/v1/books/1/images', write: true, body: () => ({ keepImageUrls: [] }) },
  ];

  it.each(routes)('$method $url: 401 without a token, 403 for a customer and a New User', async (route) => {
    expectProblem(await callAs(t, route.method, route.url(), undefined, route.body?.()), 401);
    expectProblem(await callAs(t, route.method, route.url(), customer, route.body?.()), 403);
    expectProblem(await callAs(t, route.method, route.url(), staff[RoleName.NewUser], route.body?.()), 403);
  });

  it.each(routes)('$method $url: a User only reads; Supervisor and Admin may', async (route) => {
    const asUser = await callAs(t, route.method, route.url(), staff[RoleName.User], route.body?.());
    if (route.write) expectProblem(asUser, 403);
    else expect(asUser.statusCode, asUser.body).toBe(200);
    for (const role of [RoleName.Supervisor, RoleName.Admin]) {
      const res = await callAs(t, route.method, route.url(), staff[role], route.body?.());
      expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(300);
    }
  });
});

describe('POST v1/books', () => {
  it('creates a book, visible at once on its page, in search, and in its genre and author listings', async () => {
    const before = await storefront('/api/v1/books?genre=Poetry');
    expect(before.json<BookPage>().data).toEqual([]); // cached empty page
    const book = await create({
      title: 'The Quillfeather Sonnets',
      authors: [{ name: 'Ada Quillfeather' }],
      genres: [{ name: 'poetry' }, romanceId],
      isbn: '0-306-40615-2',
      price: '12.5',
      discountPercentage: '10',
    });
    expect(book).toMatchObject({
      title: 'The Quillfeather Sonnets',
      isbn: '0306406152',
      price: 12.5,
      discountPercentage: 10,
      discountedPrice: 11.25,
      stockQuantity: 7,
      authors: [{ name: 'Ada Quillfeather' }],
      imageUrls: [],
      mainImageURL: null,
    });
    const page = await bookPage('the quillfeather sonnets');
    expect(page.statusCode).toBe(200);
    expect(page.json<Book>()).toEqual(book);
    expect((await search('quillfeather')).map((r) => r.title)).toEqual(['The Quillfeather Sonnets']);
    // A typo is corrected through the lexicon, which learnt the new words at once.
    expect((await search('quilfeather')).map((r) => r.title)).toEqual(['The Quillfeather Sonnets']);
    const genre = await storefront('/api/v1/books?genre=Poetry');
    expect(genre.json<BookPage>().data.map((b) => b.title)).toEqual(['The Quillfeather Sonnets']);
    const author = await storefront('/api/v1/books?author=ada%20quillfeather');
    expect(author.json<BookPage>().data.map((b) => b.title)).toEqual(['The Quillfeather Sonnets']);
  });

  it('reuses an existing author or genre named in another letter case', async () => {
    const book = await create({ authors: [{ name: 'JANE AUSTEN' }], genres: [{ name: 'romance' }] });
    expect(book.authors).toEqual([{ id: austenId, name: 'Jane Austen', nameAr: null }]);
    expect(book.genres).toEqual([{ id: romanceId, name: 'Romance', nameAr: null }]);
  });

  it.each([
    ['title', { title: '' }, BookAdminMessages.titleRequired],
    ['title', { title: '\u200B\u200C\u200D' }, BookAdminMessages.titleRequired],
    ['title', { title: 'Notes \u202Efdp.exe' }, TextMessages.directionControl],
    ['authors.0.name', { authors: [{ name: 'Ada \u2067Quill' }] }, TextMessages.directionControl],
    ['description', { description: undefined }, BookAdminMessages.descriptionRequired],
    ['isbn', { isbn: '978-0-306-40615-8' }, BookAdminMessages.isbnInvalid],
    ['price', { price: '0' }, BookAdminMessages.pricePositive],
    ['price', { price: '1.999' }, BookAdminMessages.priceFormat],
    ['discountPercentage', { discountPercentage: '100.01' }, BookAdminMessages.discountMax],
    ['stockQuantity', { stockQuantity: '-1' }, BookAdminMessages.stockInvalid],
    ['stockQuantity', { stockQuantity: '2.5' }, BookAdminMessages.stockInvalid],
    ['authors', { authors: [] }, BookAdminMessages.authorsRequired],
    ['genres', { genres: undefined }, BookAdminMessages.genresRequired],
    ['mainImageIndex', { mainImageIndex: 1 }, BookAdminMessages.mainImageIndex],
  ])('400 naming %s for %o', async (field, overrides, message) => {
    const res = await callAs(t, 'POST', '/api/v1/books', staff[RoleName.Admin], form(overrides));
    expectValidationError(res, field, message);
  });

  it('accepts a discount of exactly 100', async () => {
    expect((await create({ discountPercentage: '100' })).discountedPrice).toBe(0);
  });

  it('400 naming authors or genres for an unknown id, and nothing is written', async () => {
    const title = 'Never Written';
    let res = await callAs(t, 'POST', '/api/v1/books', staff[RoleName.Admin], form({ title, authors: [999_999] }));
    expectValidationError(res, 'authors', BookAdminMessages.unknownAuthor);
    res = await callAs(
      t,
      'POST',
      '/api/v1/books',
      staff[RoleName.Admin],
      form({ title, authors: [{ name: 'Ghost Writer' }], genres: [999_999] }),
    );
    expectValidationError(res, 'genres', BookAdminMessages.unknownGenre);
    expect((await bookPage(title)).statusCode).toBe(404);
    const authors = (await storefront('/api/v1/authors')).json<{ name: string }[]>();
    expect(authors.map((a) => a.name)).not.toContain('Ghost Writer');
  });

  it('409 naming title for a title taken in any letter case, and isbn for a taken ISBN', async () => {
    const first = await create({ title: 'Only Once' });
    let res = await callAs(t, 'POST', '/api/v1/books', staff[RoleName.Admin], form({ title: 'ONLY once' }));
    expectProblem(res, 409);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({ title: [BookAdminMessages.titleTaken] });
    const hyphenated = `${first.isbn.slice(0, 3)}-${first.isbn.slice(3)}`;
    res = await callAs(t, 'POST', '/api/v1/books', staff[RoleName.Admin], form({ isbn: hyphenated }));
    expectProblem(res, 409);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({ isbn: [BookAdminMessages.isbnTaken] });
  });
});

describe('PUT v1/books', () => {
  it('updates every field; the new price shows on the book page and in lists at once', async () => {
    const book = await create({ title: 'Priced Once', price: '20', authors: [{ name: 'Old Pricer' }] });
    expect((await bookPage('Priced Once')).json<Book>().price).toBe(20);
    const byOldAuthor = () => storefront('/api/v1/books?author=Old%20Pricer').then((r) => r.json<BookPage>());
    expect((await byOldAuthor()).data.map((b) => b.id)).toEqual([book.id]); // now cached
    const res = await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Admin], {
      ...form({ title: 'Priced Twice', price: '25.50', isbn: book.isbn, authors: [{ name: 'New Author' }] }),
      id: book.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Book>()).toMatchObject({ id: book.id, title: 'Priced Twice', price: 25.5 });
    expect((await bookPage('Priced Once')).statusCode).toBe(404);
    expect((await bookPage('Priced Twice')).json<Book>().price).toBe(25.5);
    expect((await byOldAuthor()).data).toEqual([]);
    expect((await search('priced twice')).map((r) => r.id)).toEqual([book.id]);
    // "priced" still finds the renamed book (search drops words rather than answer nothing); the old title is gone.
    expect((await search('priced once')).map((r) => r.title)).not.toContain('Priced Once');
  });

  it('404 for an unknown id, 409 for another book’s title', async () => {
    expectProblem(await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Admin], { ...form(), id: 999_999 }), 404);
    const other = await create({ title: 'Taken Title' });
    const mine = await create();
    const res = await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Admin], {
      ...form({ title: 'taken TITLE' }),
      id: mine.id,
    });
    expectProblem(res, 409);
    expect(other.id).not.toBe(mine.id);
  });

  it('400 for a keepImageUrls entry the book does not have', async () => {
    const mine = await create();
    const res = await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Admin], {
      ...form({ isbn: mine.isbn, title: mine.title }),
      id: mine.id,
      keepImageUrls: ['/images/someone-else-400.webp'],
    });
    expectValidationError(res, 'keepImageUrls', BookAdminMessages.keepImageUrls);
  });
});

describe('hiding a book (isActive false)', () => {
  it('takes it off the storefront, out of carts and wishlists and checkout, while orders keep it', async () => {
    const genres = [{ name: 'Zephyr Tales' }];
    const book = await create({ title: 'Soon Hidden Zephyrbook', stockQuantity: '10', genres });
    const byGenre = () => storefront('/api/v1/books?genre=Zephyr%20Tales').then((r) => r.json<BookPage>());
    expect((await byGenre()).data.map((b) => b.id)).toEqual([book.id]);
    const addressId = await addAddress(t, customer);
    await fillCart(t, customer, { [book.id]: 1 });
    const { orderId } = await checkout(t, customer, addressId);
    // A changed cart, so checkout places a new order rather than answering the open one (decision 057).
    await fillCart(t, customer, { [book.id]: 2 });

    const res = await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Supervisor], {
      ...form({ title: book.title, isbn: book.isbn, isActive: 'false', stockQuantity: '9', genres }),
      id: book.id,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await bookPage(book.title)).statusCode).toBe(404);
    expect(await search('zephyrbook')).toEqual([]);
    expect(await search('zephyrbok')).toEqual([]);
    expect((await byGenre()).data).toEqual([]);
    expectProblem(await callAs(t, 'POST', '/api/v1/cart', customer, { bookId: book.id, quantity: 1 }), 404);
    expectProblem(await callAs(t, 'POST', '/api/v1/wishlist', customer, { bookId: book.id }), 404);
    const refused = await createSession(t, customer, addressId);
    expectProblem(refused, 409);
    expect(refused.json<{ detail: string }>().detail).toBe(CheckoutMessages.bookUnavailable(book.title));
    expect((await getOrder(t, customer, orderId)).items.map((i) => i.title)).toEqual([book.title]);

    // Staff still see it, and can show it again.
    const staffPage = await callAs(t, 'GET', '/api/v1/staff/books?isActive=false', staff[RoleName.User]);
    expect(staffPage.json<StaffBookPage>().data.map((b) => b.id)).toContain(book.id);
    const forUpdate = await callAs(t, 'GET', `/api/v1/books/book-for-update/${book.id}`, staff[RoleName.User]);
    expect(forUpdate.json<StaffBook>()).toMatchObject({ id: book.id, isActive: false, stockQuantity: 9 });
    await callAs(t, 'PUT', '/api/v1/books', staff[RoleName.Supervisor], {
      ...form({ title: book.title, isbn: book.isbn, isActive: true, stockQuantity: '9', genres }),
      id: book.id,
    });
    expect((await bookPage(book.title)).statusCode).toBe(200);
    expect((await search('zephyrbook')).map((r) => r.id)).toEqual([book.id]);
  });
});

describe('GET v1/books/book-for-update/{id}', () => {
  it('404 for an unknown book, 400 for a bad id', async () => {
    expectProblem(await callAs(t, 'GET', '/api/v1/books/book-for-update/999999', staff[RoleName.User]), 404);
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/books/book-for-update/abc', staff[RoleName.User]),
      'id',
      BookAdminMessages.idInvalid,
    );
  });
});

describe('GET v1/staff/books', () => {
  it('searches title, author and ISBN, filters and sorts', async () => {
    const a = await create({ title: 'Staffsearch Alpha', price: '10', stockQuantity: '2', discountPercentage: '5' });
    const b = await create({
      title: 'Staffsearch Beta',
      price: '30',
      stockQuantity: '0',
      authors: [{ name: 'Zed Staffauthor' }],
    });
    const list = async (query: string) => {
      const res = await callAs(t, 'GET', `/api/v1/staff/books?${query}`, staff[RoleName.User]);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StaffBookPage>().data.map((book) => book.id);
    };
    expect(await list('search=staffsearch&sort=title')).toEqual([a.id, b.id]);
    expect(await list('search=staffsearch&sort=-price')).toEqual([b.id, a.id]);
    expect(await list('search=staffauthor')).toEqual([b.id]);
    expect(await list(`search=${a.isbn.slice(0, 3)}-${a.isbn.slice(3)}`)).toEqual([a.id]);
    expect(await list('search=staffsearch&inStock=true')).toEqual([a.id]);
    expect(await list('search=staffsearch&hasDiscount=true')).toEqual([a.id]);
    expect(await list('search=staffsearch&lowStock=true&sort=title')).toEqual([a.id, b.id]);
    expect(await list('search=staffsearch&sort=-createdAt')).toEqual([b.id, a.id]);
    expect(await list('search=%25')).toEqual([]);
    const page = await callAs(t, 'GET', '/api/v1/staff/books?pageSize=5&pageNo=1', staff[RoleName.User]);
    expect(page.json<StaffBookPage>().paginationDetails.pageSize).toBe(5);
    expectValidationError(await callAs(t, 'GET', '/api/v1/staff/books?sort=nope', staff[RoleName.User]), 'sort');
  });
});
