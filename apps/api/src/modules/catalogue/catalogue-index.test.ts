import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBook, type TestApp } from '../../test/app.ts';
import { CatalogueIndex } from './catalogue-index.ts';

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
