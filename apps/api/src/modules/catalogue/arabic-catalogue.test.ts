import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOK_DESCRIPTION_MAX,
  BOOK_NAME_MAX,
  BOOK_TITLE_MAX,
  BookAdminMessages,
  type StaffBook,
} from '@bookshop/contracts/book-admin';
import type { Author, Book, BookPage, Genre, SearchResult } from '@bookshop/contracts/catalogue';
import type { Cart } from '@bookshop/contracts/cart';
import { RoleName } from '@bookshop/contracts/enums';
import { TextMessages } from '@bookshop/contracts/text';
import type { WishlistPage } from '@bookshop/contracts/wishlist';
import {
  callAs,
  createCustomer,
  createStaff,
  expectValidationError,
  testBook,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { addAddress, checkout, fillCart, getOrder } from '../checkout/testing.ts';

/** Decision 090: Arabic titles, descriptions and names beside the English ones, wherever books appear. */

const { t } = useTestApp();
let staff: TestAccount;
let customer: TestAccount;
let plainId: number;
let authorId: number;
let genreId: number;

let isbnSeq = 200_000_000;
const validIsbn = () => {
  const body = `978${isbnSeq++}`;
  return `${body}${isbn13CheckDigit(body)}`;
};

const form = (overrides: Record<string, unknown> = {}) => ({
  title: `Arabic Book ${isbnSeq}`,
  description: 'A staff-written book.',
  isbn: validIsbn(),
  price: '30',
  discountPercentage: '0',
  stockQuantity: '7',
  isNextDayDeliveryEligible: 'false',
  authors: [authorId],
  genres: [genreId],
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await callAs(t, 'POST', '/api/v1/books', staff, form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Book>();
};
const update = (id: number, overrides: Record<string, unknown>) =>
  callAs(t, 'PUT', '/api/v1/books', staff, { ...form(overrides), id, stockQuantity: '7', originalStockQuantity: '7' });
const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const bookPage = (title: string) => get<Book>(`/api/v1/books/${encodeURIComponent(title)}`);

beforeAll(async () => {
  plainId = await t.catalogue.createBook(testBook({ title: 'Plain English Book', authorNames: ['Plain Author'] }));
  const plain = (await t.catalogue.getBooksByIds([plainId]))[0]!;
  authorId = plain.authors[0]!.id;
  genreId = plain.genres[0]!.id;
  staff = await createStaff(t, RoleName.Supervisor);
  customer = await createCustomer(t);
});

describe('a book without Arabic fields', () => {
  it('answers null beside each English field', async () => {
    const book = await bookPage('Plain English Book');
    expect(book).toMatchObject({ titleAr: null, descriptionAr: null });
    expect(book.authors[0]).toMatchObject({ name: 'Plain Author', nameAr: null });
    expect(book.genres[0]).toMatchObject({ nameAr: null });
  });
});

describe('staff give a book its Arabic title, description and names', () => {
  let book: Book;
  beforeAll(async () => {
    book = await create({
      title: 'The Broken Wings Test',
      titleAr: '  الأجنحة المتكسرة  ',
      descriptionAr: 'رواية قصيرة عن حب لم يكتمل.',
      authors: [{ name: 'Kahlil Gibran Test', nameAr: 'جبران خليل جبران' }],
      genres: [{ id: genreId, nameAr: 'رومانسية' }],
    });
  });

  it('answers them (trimmed) from the create and the book page', async () => {
    expect(book).toMatchObject({ titleAr: 'الأجنحة المتكسرة', descriptionAr: 'رواية قصيرة عن حب لم يكتمل.' });
    const page = await bookPage('The Broken Wings Test');
    expect(page.titleAr).toBe('الأجنحة المتكسرة');
    expect(page.authors).toEqual([expect.objectContaining({ name: 'Kahlil Gibran Test', nameAr: 'جبران خليل جبران' })]);
    expect(page.genres).toEqual([expect.objectContaining({ id: genreId, nameAr: 'رومانسية' })]);
  });

  it('answers them from the list, search, the genres and authors endpoints and the staff form', async () => {
    await t.catalogue.indexReady();
    const list = await get<BookPage>('/api/v1/books?author=Kahlil%20Gibran%20Test');
    expect(list.data[0]).toMatchObject({ titleAr: 'الأجنحة المتكسرة', descriptionAr: 'رواية قصيرة عن حب لم يكتمل.' });
    const found = await get<SearchResult[]>('/api/v1/books/search-books?keyword=broken%20wings%20test');
    expect(found[0]).toMatchObject({ title: 'The Broken Wings Test', titleAr: 'الأجنحة المتكسرة' });
    const authors = await get<Author[]>('/api/v1/authors');
    expect(authors.find((a) => a.name === 'Kahlil Gibran Test')?.nameAr).toBe('جبران خليل جبران');
    expect(authors.find((a) => a.name === 'Plain Author')?.nameAr).toBeNull();
    const genres = await get<Genre[]>('/api/v1/genres');
    expect(genres.find((g) => g.id === genreId)?.nameAr).toBe('رومانسية');
    const staffForm = await callAs(t, 'GET', `/api/v1/books/book-for-update/${book.id}`, staff);
    expect(staffForm.json<StaffBook>().titleAr).toBe('الأجنحة المتكسرة');
  });

  it("shows a genre's new Arabic name on its other books too, once the list is built", async () => {
    await t.catalogue.indexReady();
    const plainBook = async () =>
      (await get<BookPage>('/api/v1/books?pageSize=25')).data.find((book) => book.id === plainId)!;
    expect((await plainBook()).genres[0]!.nameAr).toBe('رومانسية');
    await create({ authors: [{ name: 'Another Author' }], genres: [{ id: genreId, nameAr: 'قصص الحب' }] });
    expect((await plainBook()).genres[0]!.nameAr).toBe('قصص الحب');
  });

  it('answers them in the cart, the wishlist and the order, which keeps the title it was placed with', async () => {
    await fillCart(t, customer, { [book.id]: 1 });
    const cart = await callAs(t, 'GET', '/api/v1/cart', customer);
    expect(cart.json<Cart>().items[0]).toMatchObject({
      titleAr: 'الأجنحة المتكسرة',
      descriptionAr: 'رواية قصيرة عن حب لم يكتمل.',
    });
    expect((await callAs(t, 'POST', '/api/v1/wishlist', customer, { bookId: book.id })).statusCode).toBe(200);
    const wishlist = await callAs(t, 'GET', '/api/v1/wishlist', customer);
    expect(wishlist.json<WishlistPage>().data[0]).toMatchObject({ titleAr: 'الأجنحة المتكسرة' });

    const session = await checkout(t, customer, await addAddress(t, customer));
    expect((await update(book.id, { title: 'The Broken Wings Test', titleAr: 'عنوان آخر' })).statusCode).toBe(200);
    const order = await getOrder(t, customer, session.orderId);
    expect(order.items[0]).toMatchObject({ title: 'The Broken Wings Test', titleAr: 'الأجنحة المتكسرة' });
  });
});

describe('updating the Arabic fields', () => {
  it('keeps them when the form leaves them out, clears them when sent empty', async () => {
    const book = await create({ titleAr: 'كليلة ودمنة', descriptionAr: 'حكايات على ألسنة الحيوان.' });
    const kept = await update(book.id, { title: book.title, isbn: book.isbn });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Book>()).toMatchObject({ titleAr: 'كليلة ودمنة', descriptionAr: 'حكايات على ألسنة الحيوان.' });

    const changed = await update(book.id, { title: book.title, isbn: book.isbn, titleAr: 'كليلة و دمنة' });
    expect(changed.json<Book>().titleAr).toBe('كليلة و دمنة');

    const cleared = await update(book.id, { title: book.title, isbn: book.isbn, titleAr: '', descriptionAr: '   ' });
    expect(cleared.json<Book>()).toMatchObject({ titleAr: null, descriptionAr: null });
    expect((await bookPage(book.title)).titleAr).toBeNull();
  });

  it("clears an author's Arabic name sent empty, and keeps it when the author is sent by id alone", async () => {
    const book = await create({ authors: [{ name: 'Ibn Tufail Test', nameAr: 'ابن طفيل' }] });
    const id = book.authors[0]!.id;
    await update(book.id, { title: book.title, isbn: book.isbn, authors: [id] });
    expect((await bookPage(book.title)).authors[0]!.nameAr).toBe('ابن طفيل');
    await update(book.id, { title: book.title, isbn: book.isbn, authors: [{ id, nameAr: '' }] });
    expect((await bookPage(book.title)).authors[0]!.nameAr).toBeNull();
  });
});

describe('bad Arabic input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['titleAr', { titleAr: 'ع'.repeat(BOOK_TITLE_MAX + 1) }, BookAdminMessages.titleArMax],
    ['descriptionAr', { descriptionAr: 'ع'.repeat(BOOK_DESCRIPTION_MAX + 1) }, BookAdminMessages.descriptionArMax],
    ['titleAr', { titleAr: 'كتاب \u202Eمقلوب' }, TextMessages.directionControl],
    ['titleAr', { titleAr: '\u200B\u200F' }, BookAdminMessages.arabicInvisible],
    ['titleAr', { titleAr: 42 }, 'Invalid input: expected string, received number'],
    [
      'authors.0.nameAr',
      { authors: [{ name: 'New One', nameAr: 'ع'.repeat(BOOK_NAME_MAX + 1) }] },
      BookAdminMessages.nameArMax,
    ],
    ['genres.0', { genres: [{ id: 1, nameAr: 'رواية', name: 'Both' }] }, BookAdminMessages.refInvalid],
  ];
  it.each(cases)('%s: %j', async (field, overrides, message) => {
    const res = await callAs(t, 'POST', '/api/v1/books', staff, form({ title: 'Refused Arabic', ...overrides }));
    expectValidationError(res, field, message);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/books/Refused%20Arabic' })).statusCode).toBe(404);
  });

  it('refuses a bad Arabic name for an author that does not exist, and changes nothing', async () => {
    const res = await callAs(t, 'POST', '/api/v1/books', staff, form({ authors: [{ id: 999_999, nameAr: 'مجهول' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.authors).toEqual([BookAdminMessages.unknownAuthor]);
  });
});
