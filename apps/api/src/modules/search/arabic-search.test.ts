import { beforeAll, describe, expect, it } from 'vitest';
import type { BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import { RoleName } from '@bookshop/contracts/enums';
import { callAs, createStaff, testBook, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * Decision 091 through HTTP, on a catalogue staff edit: search finds a book by its Arabic title,
 * author and genre names, and follows staff's changes to them, through the dropdown
 * (GET v1/books/search-books) and the paged results (GET v1/search/books).
 */

const { t } = useTestApp();
let staff: TestAccount;
let bookId: number;
let authorId: number;
let genreId: number;

const dropdown = async (keyword: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult[]>();
};
const paged = async (keyword: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search/books?keyword=${encodeURIComponent(keyword)}&pageNo=1&pageSize=5`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookPage>();
};
/** Whether both routes find the book first. */
const foundFirst = async (keyword: string) =>
  (await dropdown(keyword))[0]?.id === bookId && (await paged(keyword)).data[0]?.id === bookId;

/** The staff form's fields for the book, with `overrides`. */
const update = async (overrides: Record<string, unknown>) => {
  const res = await callAs(t, 'PUT', '/api/v1/books', staff, {
    id: bookId,
    title: 'Kalila and Dimna',
    description: 'Fables.',
    isbn: '9780000000019',
    price: '36',
    discountPercentage: '0',
    stockQuantity: '5',
    originalStockQuantity: '5',
    isNextDayDeliveryEligible: 'false',
    authors: [authorId],
    genres: [genreId],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  bookId = await t.catalogue.createBook(
    testBook({
      title: 'Kalila and Dimna',
      isbn: '9780000000019',
      authorNames: ["Ibn al-Muqaffa'"],
      genreNames: ['Fables'],
    }),
  );
  await t.catalogue.createBook(testBook({ title: 'The Ring of the Dove', authorNames: ['Ibn Hazm'] }));
  const [book] = await t.catalogue.getBooksByIds([bookId]);
  authorId = book!.authors[0]!.id;
  genreId = book!.genres[0]!.id;
  staff = await createStaff(t, RoleName.Supervisor);
  await t.catalogue.indexReady();
});

describe('Arabic search follows staff edits', () => {
  it('answers an empty list, not an error, for a keyword of tatweel and tashkeel only', async () => {
    expect(await dropdown('ـــ َ ـًـ')).toEqual([]);
    expect((await paged('ـــ َ ـًـ')).data).toEqual([]);
  });

  it('finds nothing by Arabic before the book has its Arabic fields', async () => {
    expect(await dropdown('كليلة ودمنة')).toEqual([]);
    expect((await paged('كليلة ودمنة')).paginationDetails.noOfRecords).toBe(0);
  });

  it('finds the book by its new Arabic title, however it is spelt, with the title in both languages', async () => {
    await update({ titleAr: 'كَلِيلَة ودِمْنَة' });
    for (const keyword of ['كليلة ودمنة', 'كليله ودمنه', 'كليلا ودمنه', 'ودمنة'])
      expect(await foundFirst(keyword), keyword).toBe(true);
    expect((await dropdown('كليله'))[0]).toMatchObject({ title: 'Kalila and Dimna', titleAr: 'كَلِيلَة ودِمْنَة' });
    expect((await paged('كليله')).data[0]).toMatchObject({ title: 'Kalila and Dimna', titleAr: 'كَلِيلَة ودِمْنَة' });
  });

  it("finds it by its author's and genre's new Arabic names, and forgets the old ones", async () => {
    expect(await dropdown('ابن المقفع')).toEqual([]);
    await update({
      authors: [{ id: authorId, nameAr: 'عبد الله بن المقفّع' }],
      genres: [{ id: genreId, nameAr: 'حكايات الحيوان' }],
    });
    for (const keyword of ['ابن المقفع', 'المقفع', 'مقفع', 'حكايات الحيوان', 'حكايات حيوان'])
      expect(await foundFirst(keyword), keyword).toBe(true);

    await update({ authors: [{ id: authorId, nameAr: 'ابن المقفع' }], genres: [{ id: genreId, nameAr: '' }] });
    expect(await foundFirst('ابن المقفع')).toBe(true);
    expect(await dropdown('حكايات')).toEqual([]);
  });

  it('forgets a cleared Arabic title', async () => {
    await update({ titleAr: '' });
    expect(await dropdown('ودمنه')).toEqual([]);
    expect(await foundFirst('kalila')).toBe(true);
  });
});
