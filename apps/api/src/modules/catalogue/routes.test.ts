import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_SEARCH_DEFAULT_LIMIT, AUTHOR_SEARCH_MAX_LIMIT } from '@bookshop/contracts/constants';
import { PUBLIC_SHARED } from '../../platform/cache-control.ts';
import { createTestApp, expectValidationError, testBook, type TestApp } from '../../test/app.ts';
import { authors } from './schema.ts';

let t: TestApp;

const book = testBook;

beforeAll(async () => {
  t = await createTestApp();
  await t.catalogue.createBook(
    book({
      title: 'Pride and Prejudice',
      priceFils: 3550,
      discountPercentage: 10,
      genreNames: ['Romance', 'Classics'],
      imageKeys: ['books/pride-a', 'books/pride-b'],
      mainImageIndex: 1,
    }),
  );
  await t.catalogue.createBook(book({ title: 'Emma', priceFils: 2000, stockQuantity: 0 }));
  await t.catalogue.createBook(
    book({
      title: 'Crime and Punishment',
      authorNames: ['Fyodor Dostoevsky'],
      genreNames: ['Classics', 'Philosophical Fiction'],
      priceFils: 20000,
    }),
  );
  await t.catalogue.createBook(
    book({
      title: 'The Brothers Karamazov',
      authorNames: ['Fyodor Dostoevsky'],
      genreNames: ['Classics'],
      priceFils: 16000,
      discountPercentage: 25,
      nextDayEligible: true,
    }),
  );
  await t.catalogue.createBook(
    book({ title: 'War and Peace', authorNames: ['Leo Tolstoy'], genreNames: ['Historical Fiction'], priceFils: 9999 }),
  );
  for (let i = 1; i <= 12; i++) {
    await t.catalogue.createBook(
      book({
        title: `Short Story ${String(i).padStart(2, '0')}`,
        authorNames: ['Anton Chekhov'],
        genreNames: ['Short Stories'],
        priceFils: 1000 + i,
      }),
    );
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/v1/genres, /authors, /countries', () => {
  it('lists genres sorted by name', async () => {
    const res = await get('/api/v1/genres');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { name: string }) => g.name)).toEqual([
      'Classics',
      'Historical Fiction',
      'Philosophical Fiction',
      'Romance',
      'Short Stories',
    ]);
  });

  it('lists authors sorted by name, each once', async () => {
    const names = (await get('/api/v1/authors')).json().map((a: { name: string }) => a.name);
    expect(names).toEqual(['Anton Chekhov', 'Fyodor Dostoevsky', 'Jane Austen', 'Leo Tolstoy']);
  });

  it('lists ISO 3166 countries with code and name', async () => {
    const countries = (await get('/api/v1/countries')).json();
    expect(countries.length).toBe(249);
    expect(countries).toContainEqual({ code: 'AE', name: 'United Arab Emirates' });
  });
});

describe('GET /api/v1/books', () => {
  it('pages with default size 10 and pagination details', async () => {
    const res = await get('/api/v1/books');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(10);
    expect(body.paginationDetails).toEqual({ currentPage: 1, totalPages: 2, noOfRecords: 17, pageSize: 10 });
  });

  it('returns the last partial page', async () => {
    const body = (await get('/api/v1/books?pageNo=4&pageSize=5')).json();
    expect(body.data).toHaveLength(2);
    expect(body.paginationDetails).toEqual({ currentPage: 4, totalPages: 4, noOfRecords: 17, pageSize: 5 });
  });

  it('shows every book field with decimal prices and the discount applied', async () => {
    const body = (await get('/api/v1/books?genre=Romance&hasDiscount=true')).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      title: 'Pride and Prejudice',
      price: 35.5,
      discountPercentage: 10,
      discountedPrice: 31.95,
      isInStock: true,
      imageUrls: ['/images/books/pride-a-400.webp', '/images/books/pride-b-400.webp'],
      mainImageIndex: 1,
      mainImageURL: '/images/books/pride-b-400.webp',
      authors: [{ id: expect.any(Number), name: 'Jane Austen' }],
      genres: [
        { id: expect.any(Number), name: 'Classics' },
        { id: expect.any(Number), name: 'Romance' },
      ],
    });
  });

  it('combines genre, author, in-stock and price filters, on the price paid', async () => {
    const byAuthor = (await get('/api/v1/books?author=fyodor%20dostoevsky')).json();
    expect(byAuthor.data.map((b: { title: string }) => b.title)).toEqual([
      'Crime and Punishment',
      'The Brothers Karamazov',
    ]);

    // Karamazov costs 160.00 but sells at 120.00 after its 25% discount.
    const cheap = (await get('/api/v1/books?author=Fyodor%20Dostoevsky&maxPrice=150')).json();
    expect(cheap.data.map((b: { title: string }) => b.title)).toEqual(['The Brothers Karamazov']);

    const inStock = (await get('/api/v1/books?author=Jane%20Austen&filterInStock=true')).json();
    expect(inStock.data.map((b: { title: string }) => b.title)).toEqual(['Pride and Prejudice']);

    const range = (await get('/api/v1/books?genre=Short%20Stories&minPrice=10.05&maxPrice=10.07')).json();
    expect(range.data.map((b: { title: string }) => b.title)).toEqual([
      'Short Story 05',
      'Short Story 06',
      'Short Story 07',
    ]);
  });

  it('answers an unknown genre with an empty page', async () => {
    const body = (await get('/api/v1/books?genre=Cookery')).json();
    expect(body).toEqual({
      data: [],
      paginationDetails: { currentPage: 1, totalPages: 0, noOfRecords: 0, pageSize: 10 },
    });
  });

  it.each([
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['pageSize=1000', 'pageSize'],
    ['pageSize=4', 'pageSize'],
    ['pageNo=0', 'pageNo'],
    ['pageNo=1.5', 'pageNo'],
    ['filterInStock=maybe', 'filterInStock'],
    ['minPrice=50&maxPrice=10', 'minPrice'],
  ])('rejects %s with a problem naming %s', async (query, field) => {
    expectValidationError(await get(`/api/v1/books?${query}`), field);
  });
});

describe('GET /api/v1/books/{title}', () => {
  it('returns the full book, matching the title case-insensitively', async () => {
    const res = await get('/api/v1/books/the%20brothers%20karamazov');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'The Brothers Karamazov',
      description: 'About The Brothers Karamazov',
      price: 160,
      discountedPrice: 120,
      isNextDayDeliveryEligible: true,
      isbn: expect.stringMatching(/^978\d{10}$/),
    });
  });

  it('answers 404 problem+json for an unknown title', async () => {
    const res = await get('/api/v1/books/No%20Such%20Book');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});

describe('GET /api/v1/books/search-books', () => {
  const search = async (keyword: string) =>
    (await get(`/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`)).json<
      { id: number; title: string; imageUrl: string | null }[]
    >();

  it('finds by title, author and genre, titles ranked first', async () => {
    expect((await search('emma')).map((r) => r.title)).toEqual(['Emma']);
    expect((await search('tolstoy')).map((r) => r.title)).toEqual(['War and Peace']);
    const classics = (await search('classics')).map((r) => r.title);
    expect(classics).toEqual(
      expect.arrayContaining(['Crime and Punishment', 'The Brothers Karamazov', 'Pride and Prejudice']),
    );
  });

  it('tolerates typos', async () => {
    expect((await search('pride and prejudise'))[0]?.title).toBe('Pride and Prejudice');
    expect((await search('dostoevksy')).map((r) => r.title).sort()).toEqual([
      'Crime and Punishment',
      'The Brothers Karamazov',
    ]);
    expect((await search('tolstoi')).map((r) => r.title)).toEqual(['War and Peace']);
    expect((await search('brothers karamazof'))[0]?.title).toBe('The Brothers Karamazov');
    expect((await search('crme and punishment'))[0]?.title).toBe('Crime and Punishment');
  });

  it('returns id, title and main image, at most 10', async () => {
    const results = await search('short story');
    expect(results).toHaveLength(10);
    const [pride] = await search('pride');
    expect(pride).toEqual({
      id: expect.any(Number),
      title: 'Pride and Prejudice',
      titleAr: null,
      imageUrl: '/images/books/pride-b-400.webp',
    });
  });

  it('answers an empty or blank keyword with an empty list', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect((await get('/api/v1/books/search-books')).json()).toEqual([]);
  });

  it('ignores tsquery syntax in the keyword', async () => {
    expect(await search("!:*&|()'")).toEqual([]);
  });
});

describe('GET /api/v1/authors?search=…&limit=… (the author picker, decision 097)', () => {
  beforeAll(async () => {
    // Authors of no book yet: the picker finds names, whatever they have written.
    await t.db
      .insert(authors)
      .values([
        { name: 'Leo' },
        { name: 'Leow Ming' },
        { name: 'Cleo Smith' },
        { name: 'Naguib Mahfouz', nameAr: 'نجيب محفوظ' },
        { name: '100% Anonymous' },
      ]);
  });

  const names = (res: { json: () => { name: string }[] }) => res.json().map((a) => a.name);

  it('finds names holding the words in any letter case, and lets a browser or CDN keep the answer', async () => {
    const res = await get('/api/v1/authors?search=DOST');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: expect.any(Number), name: 'Fyodor Dostoevsky', nameAr: null }]);
    expect(res.headers['cache-control']).toBe(PUBLIC_SHARED);
  });

  it('puts the exact name first, then names that begin with the words, then the rest A–Z', async () => {
    expect(names(await get('/api/v1/authors?search=leo'))).toEqual(['Leo', 'Leo Tolstoy', 'Leow Ming', 'Cleo Smith']);
    expect(names(await get(`/api/v1/authors?search=${encodeURIComponent('leo tolstoy')}&limit=1`))).toEqual([
      'Leo Tolstoy',
    ]);
  });

  it('answers the one author of a name, in any letter case, or none', async () => {
    const res = await get(`/api/v1/authors?name=${encodeURIComponent('leo TOLSTOY')}`);
    expect(names(res)).toEqual(['Leo Tolstoy']);
    expect(res.headers['cache-control']).toBe(PUBLIC_SHARED);
    expect(names(await get('/api/v1/authors?name=Leo%20Tolst'))).toEqual([]);
    expectValidationError(await get('/api/v1/authors?name=%20'), 'name', 'name cannot be empty.');
  });

  it('finds an author by the Arabic name', async () => {
    expect(names(await get(`/api/v1/authors?search=${encodeURIComponent('محفوظ')}`))).toEqual(['Naguib Mahfouz']);
  });

  it('answers at most limit authors, A–Z when nothing is typed', async () => {
    expect(names(await get('/api/v1/authors?limit=2'))).toEqual(['100% Anonymous', 'Anton Chekhov']);
    const all = (await get('/api/v1/authors')).json();
    expect((await get('/api/v1/authors?search=')).json()).toEqual(all.slice(0, AUTHOR_SEARCH_DEFAULT_LIMIT));
  });

  it('matches a typed % or _ as itself, not as a wildcard', async () => {
    expect(names(await get('/api/v1/authors?search=%25'))).toEqual(['100% Anonymous']);
    expect(names(await get('/api/v1/authors?search=_'))).toEqual([]);
  });

  it('refuses a limit out of range and a search too long with problem+json', async () => {
    const max = AUTHOR_SEARCH_MAX_LIMIT;
    expectValidationError(
      await get(`/api/v1/authors?limit=${max + 1}`),
      'limit',
      `limit must be between 1 and ${max}.`,
    );
    expectValidationError(await get('/api/v1/authors?limit=0'), 'limit');
    expectValidationError(await get('/api/v1/authors?limit=two'), 'limit', 'limit must be a whole number.');
    expectValidationError(
      await get(`/api/v1/authors?search=${'a'.repeat(201)}`),
      'search',
      'search must be at most 200 characters.',
    );
  });
});
