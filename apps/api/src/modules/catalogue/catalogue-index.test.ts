import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBook, type TestApp } from '../../test/app.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { countBooks, findBooks, findBooksByIds, type BookFilter, type BookRow } from './queries.ts';

/*
 * The in-memory search index gives a book whose words change a new slot; the old one is dead
 * weight until the index is built again (decision 050). Past the threshold it is rebuilt from the
 * books in memory, and search answers as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the catalogue index under edits', () => {
  it('rebuilds its search index once dead slots outnumber the books, and finds each book by its current title', async () => {
    const id = await t.catalogue.createBook(testBook({ title: 'Original Title' }));
    await t.catalogue.createBook(testBook({ title: 'Steady Neighbour' }));
    const index = new CatalogueIndex(t.db, { minDeadSlotsToRebuild: 3 });
    await index.ready();
    const books = index.searchSlots.books;

    const rename = async (title: string) => {
      await t.db.execute(sql`update books set title = ${title} where id = ${id}`);
      index.invalidate();
      return (await index.search(title, 5))!.map((row) => row.title);
    };
    expect(await rename('Renamed Once')).toEqual(['Renamed Once']);
    expect(index.searchSlots).toEqual({ books, dead: 1 });

    // More renames than books plus the threshold: the next change rebuilds.
    for (let n = 2; n <= books + 4; n++) await rename(`Renamed Time ${n}`);
    expect(index.searchSlots.dead).toBeLessThanOrEqual(Math.max(3, books));
    expect(index.searchSlots.books).toBe(books);
    expect((await index.search('original', 5))!.map((row) => row.title)).not.toContain('Original Title');
    expect((await index.search('steady neighbour', 5))!.map((row) => row.title)).toEqual(['Steady Neighbour']);
    expect((await index.search(`renamed time ${books + 4}`, 1))!.map((row) => row.title)).toEqual([
      `Renamed Time ${books + 4}`,
    ]);
  });
});

describe('the compact catalogue index (decision 096)', () => {
  it('answers pages with the rows as they are now, though it keeps only their ids and cached rows', async () => {
    const id = await t.catalogue.createBook(
      testBook({ title: 'Cached Row Atlas', authorNames: ['Row Cache Author'], genreNames: ['Row Cache Genre'] }),
    );
    await t.catalogue.createBook(testBook({ title: 'Cached Row Other', authorNames: ['Row Cache Author'] }));
    const index = new CatalogueIndex(t.db);
    await index.ready();
    await index.rowsWarmed;
    const both = { author: 'row cache author', genre: 'row cache genre' };
    expect((await index.list(both, 10, 0))!.rows.map((row) => row.title)).toEqual(['Cached Row Atlas']);

    // The description is no part of the index: only a fresh row read shows the edit.
    await t.db.execute(sql`update books set description = 'Edited after caching' where id = ${id}`);
    index.invalidate();
    const [found] = (await index.searchPage('cached row atlas', 1, 0))!.rows;
    expect(found?.description).toBe('Edited after caching');
    expect((await index.list(both, 10, 0))!.rows.map((row) => row.description)).toEqual(['Edited after caching']);

    await t.db.execute(sql`update books set is_active = false where id = ${id}`);
    index.invalidate();
    expect(await index.list(both, 10, 0)).toEqual({ rows: [], total: 0 });
    expect((await index.search('cached row atlas', 5))!.map((row) => row.title)).not.toContain('Cached Row Atlas');
  });
});

describe('page rows named from memory (decision 112)', () => {
  it("names a page's authors and genres as the database does, read or cached, and as they are renamed", async () => {
    const id = await t.catalogue.createBook(
      testBook({
        title: 'Named From Memory',
        authorNames: ['Zora Second Named', 'Adam First Named'],
        genreNames: ['Zoology Named', 'Astronomy Named'],
      }),
    );
    const namesOf = (row: Pick<BookRow, 'authors' | 'genres'> | undefined) => ({
      authors: row?.authors,
      genres: row?.genres,
    });
    const fromDatabase = namesOf((await findBooksByIds(t.db, [id]))[0]);
    // The book's own order of authors; its genres by name.
    expect(fromDatabase.authors?.map((author) => author.name)).toEqual(['Zora Second Named', 'Adam First Named']);
    expect(fromDatabase.genres?.map((genre) => genre.name)).toEqual(['Astronomy Named', 'Zoology Named']);

    for (const rowCacheBooks of [0, 100]) {
      const index = new CatalogueIndex(t.db, { rowCacheBooks });
      await index.ready();
      await index.rowsWarmed;
      const page = async () => (await index.list({ author: 'adam first named' }, 10, 0))!.rows[0];
      expect(namesOf(await page())).toEqual(fromDatabase);
      expect(namesOf((await index.searchPage('named from memory', 1, 0))!.rows[0])).toEqual(fromDatabase);

      // A writer of names touches the books that carry them (index-snapshot.test.ts); the row is not read again.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update authors set name = 'Adam Renamed Named' where name = 'Adam First Named'`);
        await tx.execute(sql`update books set updated_at = updated_at where id = ${id}`);
      });
      index.invalidate();
      const renamed = await index.list({ genre: 'astronomy named' }, 10, 0);
      expect(renamed!.rows.map((row) => row.authors.map((author) => author.name))).toEqual([
        ['Zora Second Named', 'Adam Renamed Named'],
      ]);
      await t.db.execute(sql`update authors set name = 'Adam First Named' where name = 'Adam Renamed Named'`);
      await t.db.execute(sql`update books set updated_at = updated_at where id = ${id}`);
    }
  });
});

describe('the search dropdown from memory (decision 107)', () => {
  it('answers titles and covers as they are now without reading a row, and leaves out a hidden book', async () => {
    const id = await t.catalogue.createBook(
      testBook({ title: 'Labelled Lantern', imageKeys: ['books/lantern-front', 'books/lantern-back'] }),
    );
    await t.catalogue.createBook(testBook({ title: 'Labelled Lagoon', imageKeys: [] }));
    // Reads fail once `failing` is set: a search that read a row would fail with them.
    let failing = false;
    const db = new Proxy(t.db, {
      get: (target, key, receiver) =>
        key === 'execute' && failing
          ? () => Promise.reject(new Error('no reads now'))
          : (Reflect.get(target, key, receiver) as unknown),
    });
    const index = new CatalogueIndex(db, { rowCacheBooks: 0 });
    await index.ready();
    const labels = async (keyword: string) => {
      failing = true;
      try {
        return await index.search(keyword, 5);
      } finally {
        failing = false;
      }
    };
    expect(await labels('labelled')).toEqual(
      expect.arrayContaining([
        { id, title: 'Labelled Lantern', titleAr: null, coverKey: 'books/lantern-front' },
        { id: expect.any(Number) as number, title: 'Labelled Lagoon', titleAr: null, coverKey: null },
      ]),
    );

    // An Arabic title, a new title and another main image: the change read brings all three.
    await t.db.execute(
      sql`update books set title = 'Labelled Lighthouse', title_ar = 'المنارة', main_image_index = 1 where id = ${id}`,
    );
    index.invalidate();
    await index.search('lighthouse', 1);
    expect(await labels('lighthouse')).toEqual([
      { id, title: 'Labelled Lighthouse', titleAr: 'المنارة', coverKey: 'books/lantern-back' },
    ]);
    expect(await labels('المنارة')).toEqual([
      { id, title: 'Labelled Lighthouse', titleAr: 'المنارة', coverKey: 'books/lantern-back' },
    ]);

    await t.db.execute(sql`update books set is_active = false where id = ${id}`);
    index.invalidate();
    await index.search('lighthouse', 1);
    expect(await labels('labelled')).toEqual([
      { id: expect.any(Number) as number, title: 'Labelled Lagoon', titleAr: null, coverKey: null },
    ]);
  });
});

describe('a filtered list, page after page (issue 25)', () => {
  it('gives every page of a filter its books and the same total, and a new total once a price moves a book out', async () => {
    const titles = Array.from({ length: 7 }, (_, i) => `Paged Filter ${String(i + 1).padStart(2, '0')}`);
    const ids: number[] = [];
    for (const [i, title] of titles.entries())
      ids.push(
        await t.catalogue.createBook(
          testBook({ title, genreNames: ['Paged Filter Genre'], priceFils: 123_400 + i, discountPercentage: 0 }),
        ),
      );
    const index = new CatalogueIndex(t.db);
    await index.ready();
    const filter = { minPriceFils: 123_400, maxPriceFils: 123_499 };
    const page = async (offset: number) => {
      const answer = (await index.list(filter, 3, offset))!;
      return { titles: answer.rows.map((row) => row.title), total: answer.total };
    };
    // The first page learns the filter's count; the later ones stop once full and say the same.
    expect(await page(0)).toEqual({ titles: titles.slice(0, 3), total: 7 });
    expect(await page(3)).toEqual({ titles: titles.slice(3, 6), total: 7 });
    expect(await page(6)).toEqual({ titles: titles.slice(6), total: 7 });

    // A price change is patched into the list in place; the count learnt before must not survive it.
    await t.db.execute(sql`update books set price_fils = 999999 where id = ${ids[1]!}`);
    index.invalidate();
    expect(await page(3)).toEqual({ titles: [titles[4], titles[5], titles[6]], total: 6 });
    expect(await page(0)).toEqual({ titles: [titles[0], titles[2], titles[3]], total: 6 });
    // The genre's own copy of prices and stock is patched too (decision 112).
    await t.db.execute(sql`update books set stock_quantity = 0 where id = ${ids[2]!}`);
    index.invalidate();
    const inGenre = (await index.list({ ...filter, genre: 'paged filter genre', inStockOnly: true }, 10, 0))!;
    expect({ titles: inGenre.rows.map((row) => row.title), total: inGenre.total }).toEqual({
      titles: [titles[0], titles[3], titles[4], titles[5], titles[6]],
      total: 5,
    });
  });
});

describe('deep pages of a filter from its checkpoints (decision 112)', () => {
  it('gives every page past a checkpoint the books and total the database gives', async () => {
    // 700 books of one genre and one author; a third of them cheap, half in stock: filters of 233-467 books.
    const seed = await t.catalogue.createBook(
      testBook({ title: 'Stride Seed', authorNames: ['Stride Author'], genreNames: ['Stride Genre'] }),
    );
    await t.db.execute(sql`
      with made as (
        insert into books (title, isbn, description, price_fils, stock_quantity)
        select 'Stride ' || lpad(n::text, 4, '0'), (9790000000000 + n)::text, '', case when n % 3 = 0 then 1000 else 9000 end, n % 2
        from generate_series(1, 700) n returning id)
      , genre as (insert into book_genres (book_id, genre_id) select id, (select genre_id from book_genres where book_id = ${seed}) from made)
      insert into book_authors (book_id, author_id, position) select id, (select author_id from book_authors where book_id = ${seed}), 0 from made`);
    const index = new CatalogueIndex(t.db, { rowCacheBooks: 0 });
    await index.ready();
    const filters: BookFilter[] = [
      { genre: 'stride genre', minPriceFils: 9000 },
      { genre: 'stride genre', author: 'stride author', inStockOnly: true },
      { author: 'stride author', minPriceFils: 9000, inStockOnly: true },
      { maxPriceFils: 9000, inStockOnly: true },
    ];
    for (const filter of filters)
      for (const offset of [0, 250, 255, 256, 257, 300, 349, 520, 1000]) {
        const fromIndex = (await index.list(filter, 10, offset))!;
        const fromDatabase = await findBooks(t.db, filter, 10, offset);
        expect({ titles: fromIndex.rows.map((row) => row.title), total: fromIndex.total }).toEqual({
          titles: fromDatabase.map((row) => row.title),
          total: await countBooks(t.db, filter),
        });
      }
  });
});

describe('the catalogue index and readiness (issue 25)', () => {
  it('is warm once its first build ends, and not before', async () => {
    const index = new CatalogueIndex(t.db);
    expect(index.warm).toBe(false);
    await index.ready();
    expect(index.warm).toBe(true);
  });

  it('is warm after a first build that failed, so the instance serves from the database instead of waiting for ever', async () => {
    const failing = { execute: () => Promise.reject(new Error('database gone')) } as unknown as ConstructorParameters<
      typeof CatalogueIndex
    >[0];
    const index = new CatalogueIndex(failing);
    await index.ready();
    expect(index.warm).toBe(true);
    expect(index.stats).toBeUndefined();
  });
});
