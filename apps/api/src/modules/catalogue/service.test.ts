import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
});
