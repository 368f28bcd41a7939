import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import { seededRandom } from '../../platform/seeded-random.ts';
import { createTestApp, testBook, type TestApp } from '../../test/app.ts';
import { CatalogueIndex } from '../catalogue/catalogue-index.ts';
import { createSearchIndex } from './service.ts';

/*
 * The dropdown finds its ten without scoring every book a word matches (decision 105); the
 * results page still ranks them all. Both must give the same order: on a catalogue made of few
 * words and few ratings, so most books share words and many tie, the dropdown's ten are the
 * results page's first ten for every kind of keyword.
 */

const WORDS = ['amber', 'harbour', 'lantern', 'orchard', 'falcon', 'winter', 'silver', 'compass', 'garden', 'letter'];
const AUTHORS = ['Nadia Amber', 'Omar Lantern', 'Grace Winters', 'Elias Harbour'];
const GENRES = ['Poetry', 'Travel Writing', 'Garden History'];
const RATINGS = [0, 3.5, 4, 4.5, 5];

const KEYWORDS = [
  ...WORDS,
  ...WORDS.map((word) => word.slice(0, 3)),
  // One typo each: a letter swapped, one dropped.
  'flacon',
  'lanten',
  'silvr',
  'orcahrd',
  'amber lantern',
  'winter silver garden',
  'harbour orchard',
  'lantern falcon compass',
  'silver comp',
  'amber zzqx',
  'nadia',
  'omar lantern',
  'grace winter',
  'poetry',
  'garden history',
  'travel silver',
  'elias harbour letter',
  'silverwinter',
  'lan tern',
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const random = seededRandom(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  for (let n = 0; n < 240; n++) {
    const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS));
    await t.catalogue.createBook(
      testBook({
        title: `${words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ')} ${n}`,
        authorNames: [pick(AUTHORS)],
        genreNames: [pick(GENRES)],
        ratingAverage: pick(RATINGS),
        ratingCount: 3,
      }),
    );
  }
}, 120_000);
afterAll(() => t.close());

const dropdown = async (keyword: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}` }))
    .json<SearchResult[]>()
    .map((result) => result.id);
const resultsPage = async (keyword: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/books?keyword=${encodeURIComponent(keyword)}&pageNo=1&pageSize=10`,
    })
  )
    .json<BookPage>()
    .data.map((book) => book.id);

describe('the dropdown and the results page rank alike (decision 105)', () => {
  it('lists the results page’s first ten, in its order, for every kind of keyword', async () => {
    for (const keyword of KEYWORDS) {
      const found = await dropdown(keyword);
      expect(found.length, keyword).toBeGreaterThan(0);
      expect(found, keyword).toEqual(await resultsPage(keyword));
    }
  });
});

describe('ratings and new books after a word was searched (decision 105)', () => {
  it('puts a book whose rating rose first, and finds a book added since', async () => {
    // More books than the dropdown lists, so it stops before the last of them.
    const ids: number[] = [];
    for (let n = 1; n <= 14; n++)
      ids.push(
        await t.catalogue.createBook(
          testBook({ title: `Quillfeather Chapter ${n}`, ratingAverage: 1 + (n % 4), ratingCount: 1 }),
        ),
      );
    const index = new CatalogueIndex(t.db);
    await index.ready();
    const titles = async (keyword: string) => (await index.search(keyword, 10))!.map((row) => row.title);
    const before = await titles('quillfeather');
    expect(before).toHaveLength(10);
    expect(before).not.toContain('Quillfeather Chapter 4');

    await t.db.execute(sql`update books set rating_average = 5 where id = ${ids[3]!}`);
    index.invalidate();
    expect((await titles('quillfeather'))[0]).toBe('Quillfeather Chapter 4');

    await t.catalogue.createBook(testBook({ title: 'Quillfeather Epilogue', ratingAverage: 4.9, ratingCount: 1 }));
    index.invalidate();
    expect((await titles('quillfeather')).slice(0, 2)).toEqual(['Quillfeather Chapter 4', 'Quillfeather Epilogue']);
    expect((await titles('quillfeathr')).slice(0, 2)).toEqual(['Quillfeather Chapter 4', 'Quillfeather Epilogue']);
  });
});

describe('the walk that stops early and the full ranking (decision 105)', () => {
  it('choose the same ten, in the same order, as books come, go and change rating', () => {
    const index = createSearchIndex();
    const random = seededRandom(11);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const book = (id: number) => ({
      id,
      title: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS)).join(' '),
      authorNames: [pick(AUTHORS)],
      genreNames: [pick(GENRES)],
      rating: pick(RATINGS),
    });
    for (let id = 1; id <= 600; id++) index.upsert(book(id));
    const compare = () => {
      for (const keyword of KEYWORDS) {
        // More than a hundred books are ranked in full; ten are found by the walk.
        const full = index.searchPage(keyword, 0, 101);
        expect(index.search(keyword, 10), keyword).toEqual(full.ids.slice(0, 10));
        expect(index.searchPage(keyword, 10, 10), keyword).toEqual({ ids: full.ids.slice(10, 20), total: full.total });
      }
    };
    compare();
    for (let id = 1; id <= 600; id += 7) index.remove(id);
    for (let id = 2; id <= 600; id += 5) index.setRating(id, pick(RATINGS));
    for (let id = 601; id <= 700; id++) index.upsert(book(id));
    compare();
    index.compact();
    compare();
  });
});
