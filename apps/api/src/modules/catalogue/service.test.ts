import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CATALOGUE_INDEX } from './catalogue-index.ts';

let t: TestApp;

const book = (title: string, genre = 'Travel') => ({
  title,
  description: `About ${title}`,
  isbn: `978${Math.floor(Math.random() * 1e10)
    .toString()
    .padStart(10, '0')}`,
  priceFils: 5000,
  discountPercentage: 0,
  stockQuantity: 3,
  nextDayEligible: false,
  authorNames: ['Ibn Battuta'],
  genreNames: [genre],
  imageKeys: [],
});

beforeAll(async () => {
  t = await createTestApp();
  await t.catalogue.createBook(book('The Travels'));
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

// Lists and searches are cached for seconds; a write must not wait for that to show.
describe('catalogue cache', () => {
  it('shows a book added after a list, its count and a search were cached', async () => {
    const before = await get('/api/v1/books?genre=travel');
    expect(before.paginationDetails.noOfRecords).toBe(1);
    expect(await get('/api/v1/books/search-books?keyword=rihla')).toEqual([]);

    await t.catalogue.createBook(book('A Rihla Through Cairo'));

    const after = await get('/api/v1/books?genre=travel');
    expect(after.paginationDetails.noOfRecords).toBe(2);
    expect(after.data.map((b: { title: string }) => b.title)).toEqual(['A Rihla Through Cairo', 'The Travels']);
    expect((await get('/api/v1/books/search-books?keyword=rihla')).map((r: { title: string }) => r.title)).toEqual([
      'A Rihla Through Cairo',
    ]);
  });

  it('answers equivalent queries alike: names in any case, the same page', async () => {
    const lower = await get('/api/v1/books?genre=travel&author=ibn%20battuta');
    const upper = await get('/api/v1/books?genre=TRAVEL&author=Ibn%20Battuta&pageNo=1&pageSize=10');
    expect(upper).toEqual(lower);
    expect(lower.data).toHaveLength(2);
  });

  it('takes a book that sold out off the in-stock list and its count, as checkout tells it to', async () => {
    const inStock = async () =>
      (await get('/api/v1/books?genre=travel&filterInStock=true')).data.map((b: { title: string }) => b.title);
    expect(await inStock()).toEqual(['A Rihla Through Cairo', 'The Travels']);
    await t.db.execute(sql`update books set stock_quantity = 0 where title = 'The Travels'`);
    t.catalogue.invalidate();
    expect(await inStock()).toEqual(['A Rihla Through Cairo']);
    const all = await get('/api/v1/books?genre=travel');
    expect(all.paginationDetails.noOfRecords).toBe(2);
    expect(all.data.find((b: { title: string }) => b.title === 'The Travels').isInStock).toBe(false);
  });

  it('reads a change nobody announced (another instance’s checkout) within the index’s maximum age', async () => {
    const count = async () =>
      (await get('/api/v1/books?genre=travel&filterInStock=true&pageSize=5')).paginationDetails.noOfRecords;
    expect(await count()).toBe(1);
    // Straight to the database, without invalidate(): as a sale on another instance looks here.
    await t.db.execute(sql`update books set stock_quantity = 4 where title = 'The Travels'`);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_INDEX.maxAgeMs + 100));
    // The first read after that starts the refresh; pages not cached yet show it once it lands.
    const deadline = Date.now() + 2000;
    for (let pageNo = 2; ; pageNo++) {
      const page = await get(`/api/v1/books?genre=travel&filterInStock=true&pageSize=5&pageNo=${pageNo}`);
      if (page.paginationDetails.noOfRecords === 2) break;
      if (Date.now() > deadline) throw new Error('the unannounced change was not read');
    }
  }, 15_000);
});
