import type { Book } from '@bookshop/contracts/catalogue';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEMO_ACCOUNTS } from '../modules/auth/admin-accounts.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
let books: Book[];
const logged: string[] = [];

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function allBooks(): Promise<Book[]> {
  const found: Book[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = (await get(`/api/v1/books?pageSize=25&pageNo=${pageNo}`)).json();
    found.push(...page.data);
    if (pageNo >= page.paginationDetails.totalPages) return found;
  }
}

/** Written independently of the seed's ISBN helper, so a shared mistake cannot hide. */
function hasValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  const digits = [...isbn].map(Number);
  const weighted = digits.reduce((sum, digit, i) => sum + digit * (i % 2 === 0 ? 1 : 3), 0);
  return weighted % 10 === 0;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.config, (message) => logged.push(message));
  books = await allBooks();
}, 120_000);
afterAll(() => t.close());

describe('demo catalogue seed', () => {
  it('logs what it made and fills the shop with a varied catalogue', async () => {
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/demo catalogue: \d+ books/);
    expect(logged[1]).toMatch(/demo accounts: admin@bookshop.local, customer@bookshop.local/);

    expect(books.length).toBeGreaterThanOrEqual(150);
    expect(new Set(books.map((b) => b.title.toLowerCase())).size).toBe(books.length);
    expect((await get('/api/v1/genres')).json().length).toBeGreaterThanOrEqual(12);
    expect((await get('/api/v1/authors')).json().length).toBeGreaterThanOrEqual(60);

    expect(books.filter((b) => !b.isInStock).length).toBeGreaterThanOrEqual(10);
    expect(books.filter((b) => b.discountPercentage > 0).length).toBeGreaterThanOrEqual(20);
    expect(books.filter((b) => b.price > 150).length).toBeGreaterThanOrEqual(15);
    expect(books.filter((b) => b.isNextDayDeliveryEligible).length).toBeGreaterThanOrEqual(30);
    expect(books.some((b) => !Number.isInteger(b.discountPercentage))).toBe(true);
  });

  it('gives every book a description, a valid ISBN-13, a sane price and rating', () => {
    for (const book of books) {
      expect(book.description.length, book.title).toBeGreaterThan(60);
      expect(hasValidIsbn13(book.isbn), `${book.title}: ${book.isbn}`).toBe(true);
      expect(book.price, book.title).toBeGreaterThanOrEqual(15);
      expect(book.price, book.title).toBeLessThanOrEqual(400);
      expect(book.discountPercentage, book.title).toBeLessThanOrEqual(40);
      expect(book.rating, book.title).toBeGreaterThanOrEqual(0);
      expect(book.rating, book.title).toBeLessThanOrEqual(5);
      expect(book.authors.length, book.title).toBeGreaterThan(0);
      expect(book.genres.length, book.title).toBeGreaterThan(0);
    }
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
  });

  it('stores a generated WebP cover at every width for every book', async () => {
    for (const book of books) {
      expect(book.mainImageURL, book.title).toMatch(/^\/images\/books\/.+-400\.webp$/);
      for (const width of IMAGE_WIDTHS) {
        const res = await get(book.mainImageURL!.replace(/-400\.webp$/, `-${width}.webp`));
        expect(res.statusCode, `${book.title} at ${width}px`).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        // Covers are portrait, roughly 2:3.
        expect(meta.height / meta.width).toBeCloseTo(1.5, 1);
      }
    }
  });

  it('has the famous books customers will look for', async () => {
    const famous = [
      'Pride and Prejudice',
      'Crime and Punishment',
      'War and Peace',
      'Anna Karenina',
      'Moby-Dick',
      'Don Quixote',
      'Frankenstein',
      'Dracula',
      'The Great Gatsby',
      'Jane Eyre',
      'Wuthering Heights',
      'Les Misérables',
      'The Odyssey',
      'Hamlet',
      "Alice's Adventures in Wonderland",
      'The Adventures of Sherlock Holmes',
      'The Count of Monte Cristo',
      'The Brothers Karamazov',
      'Meditations',
      'The Art of War',
    ];
    for (const title of famous) {
      const res = await get(`/api/v1/books/${encodeURIComponent(title)}`);
      expect(res.statusCode, title).toBe(200);
      expect(res.json().mainImageURL, title).not.toBeNull();
    }
  });

  it('is found by search, typos included', async () => {
    const titles = async (keyword: string) =>
      (await get(`/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .map((r: { title: string }) => r.title);
    expect(await titles('pride and prejudise')).toContain('Pride and Prejudice');
    expect(await titles('dostoevksy')).toContain('Crime and Punishment');
  });

  it('adds nothing when run again', async () => {
    const genres = (await get('/api/v1/genres')).json().length;
    const authors = (await get('/api/v1/authors')).json().length;

    await seedDemoIfEmpty(t.db, t.config, (message) => logged.push(message));

    expect(logged).toHaveLength(2);
    expect((await get('/api/v1/books')).json().paginationDetails.noOfRecords).toBe(books.length);
    expect((await get('/api/v1/genres')).json().length).toBe(genres);
    expect((await get('/api/v1/authors')).json().length).toBe(authors);
  });

  it('creates the documented demo admin and customer, who can log in', async () => {
    const { admin, customer } = DEMO_ACCOUNTS;
    const login = (path: string, account: { emailAddress: string; password: string }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/${path}/login`,
        payload: { emailAddress: account.emailAddress, password: account.password },
      });

    const staff = await login('users', admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ emailAddress: admin.emailAddress, role: 'Admin' });
    const shopper = await login('customers', customer);
    expect(shopper.statusCode).toBe(200);
    expect(shopper.json()).toMatchObject({ emailAddress: customer.emailAddress, personType: 1 });
  });
});
