import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import type { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { createImageStore } from '../../platform/storage.ts';
import { createTestApp, expectValidationError, testBook, type TestApp } from '../../test/app.ts';
import { createCatalogueCaches } from './caches.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { createCatalogueService } from './service.ts';

/**
 * `GET v1/search/books` (decision 088): every book a keyword finds, paged, in the dropdown's
 * order; and the same from the database while the in-memory index is not built.
 */

let t: TestApp;

const readAnswer = <T>(answer: PreparedAnswer) => JSON.parse(answer.bodies.identity.toString()) as T;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 1; i <= 23; i++)
    await t.catalogue.createBook(
      testBook({
        title: `Collected Verse ${String(i).padStart(2, '0')}`,
        authorNames: [`Poet ${i}`],
        genreNames: ['Poetry'],
        ratingAverage: (i % 5) + 0.5,
        ratingCount: 3,
      }),
    );
  await t.catalogue.createBook(testBook({ title: 'Cities of Salt', authorNames: ['Abdul Rahman Munif'] }));
  await t.catalogue.createBook(
    testBook({ title: 'The Adventures of Sherlock Holmes', authorNames: ['Arthur Conan Doyle'] }),
  );
  await t.catalogue.createBook(testBook({ title: 'Divan of Hafez', authorNames: ['Hafez'], genreNames: ['Poetry'] }));
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const page = async (keyword: string, extra = '') => {
  const res = await get(`/api/v1/search/books?keyword=${encodeURIComponent(keyword)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json<BookPage>();
};
const titles = (found: BookPage) => found.data.map((book) => book.title);

describe('GET /api/v1/search/books', () => {
  it('pages every match with its total, the first ten being the dropdown’s ten in its order', async () => {
    const dropdown = (await get('/api/v1/books/search-books?keyword=poetry')).json<SearchResult[]>();
    expect(dropdown).toHaveLength(10);

    const first = await page('poetry');
    expect(first.paginationDetails).toEqual({ currentPage: 1, totalPages: 3, noOfRecords: 24, pageSize: 10 });
    expect(titles(first)).toEqual(dropdown.map((result) => result.title));
    // Whole books, as the list's cards show them.
    expect(first.data[0]).toMatchObject({ price: expect.any(Number), authors: expect.any(Array), isInStock: true });

    const all = [
      ...titles(first),
      ...titles(await page('poetry', '&pageNo=2')),
      ...titles(await page('poetry', '&pageNo=3')),
    ];
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    expect(all).toContain('Divan of Hafez');

    // Any page size the list offers cuts the same order.
    const byFive = await page('poetry', '&pageSize=5&pageNo=2');
    expect(titles(byFive)).toEqual(all.slice(5, 10));
    expect(byFive.paginationDetails).toEqual({ currentPage: 2, totalPages: 5, noOfRecords: 24, pageSize: 5 });
  });

  it('answers a page past the end with no books and the true total', async () => {
    const past = await page('poetry', '&pageNo=9&pageSize=25');
    expect(past.data).toEqual([]);
    expect(past.paginationDetails).toEqual({ currentPage: 9, totalPages: 1, noOfRecords: 24, pageSize: 25 });
  });

  it('answers a blank keyword, and one that finds nothing, with an empty page', async () => {
    for (const keyword of ['', '   ', 'zzzqqq'])
      expect((await page(keyword)).paginationDetails).toMatchObject({ noOfRecords: 0, totalPages: 0 });
    expect((await get('/api/v1/search/books')).statusCode).toBe(200);
  });

  it('never lets a stop word make a book match', async () => {
    expect(titles(await page('Cities of Salt'))).toEqual(['Cities of Salt']);
    expect(titles(await page('of'))).toEqual([]);
    expect(titles(await page('the of and'))).toEqual([]);
  });

  it('refuses bad paging and an overlong keyword with field messages', async () => {
    expectValidationError(await get('/api/v1/search/books?keyword=poetry&pageSize=26'), 'pageSize');
    expectValidationError(await get('/api/v1/search/books?keyword=poetry&pageSize=4'), 'pageSize');
    expectValidationError(await get('/api/v1/search/books?keyword=poetry&pageNo=0'), 'pageNo');
    expectValidationError(await get('/api/v1/search/books?keyword=poetry&pageNo=x'), 'pageNo');
    expectValidationError(await get(`/api/v1/search/books?keyword=${'a'.repeat(101)}`), 'keyword');
  });
});

describe('the search results page before the in-memory index is built', () => {
  it('pages the books holding every meaningful word, from the database', async () => {
    class UnbuiltIndex extends CatalogueIndex {
      override search() {
        return Promise.resolve(undefined);
      }
      override searchPage() {
        return Promise.resolve(undefined);
      }
    }
    const catalogue = createCatalogueService({
      db: t.db,
      images: await createImageStore(t.config),
      caches: createCatalogueCaches(new UnbuiltIndex(t.db)),
    });
    // The service answers serialised (decision 101): read back what a client would get.
    const page = async (keyword: string, pageNo: number, pageSize: number) =>
      readAnswer<BookPage>(await catalogue.searchBookPage({ keyword, pageNo, pageSize }));
    const first = await page('poetry', 1, 20);
    expect(first.paginationDetails).toEqual({ currentPage: 1, totalPages: 2, noOfRecords: 24, pageSize: 20 });
    const second = await page('poetry', 2, 20);
    expect(second.data).toHaveLength(4);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(24);
    expect((await page('poetry', 5, 20)).paginationDetails.noOfRecords).toBe(24);
    expect(titles(await page('cities of salt', 1, 10))).toEqual(['Cities of Salt']);
    const results = readAnswer<SearchResult[]>(await catalogue.searchBooks('of salt'));
    expect(results.map((result) => result.title)).toEqual(['Cities of Salt']);
  });
});
