import { sql } from 'drizzle-orm';
import { mkdtemp, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateDatabase, openPglite, rows, type DatabaseHandle } from '../../platform/db.ts';
import { createTestApp, testBook, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { CatalogueIndex, type IndexLog } from './catalogue-index.ts';
import { addBook, fillArabicCatalogue } from './service.ts';

/*
 * Decision 106: the catalogue index writes its state to a snapshot file, and an index that starts
 * from it reads only what changed since: it answers exactly as an index built from the database,
 * and a snapshot it cannot trust is ignored for the ordinary build.
 */

let t: TestApp;
let dir: string;
let files = 0;
/** A snapshot path of its own for each test, in this file's folder. */
const snapshotFile = () => path.join(dir, `catalogue-${++files}.snapshot`);

const WORDS = ['silent', 'river', 'garden', 'midnight', 'palace', 'desert', 'winter', 'letters', 'stranger', 'harbour'];
const AUTHORS = ['Jane Austen', 'Leo Tolstoy', 'Herman Melville', 'Snapshot Mahfouz'];
const GENRES = ['Fiction', 'Poetry', 'History'];
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-snapshot-'));
  for (let i = 0; i < 36; i++)
    await t.catalogue.createBook(
      testBook({
        title: `The ${capital(WORDS[i % 10]!)} of ${capital(WORDS[(i * 3 + 1) % 10]!)} ${i}`,
        authorNames: [AUTHORS[i % AUTHORS.length]!],
        genreNames: i % 5 === 0 ? [GENRES[i % 3]!, GENRES[(i + 1) % 3]!] : [GENRES[i % 3]!],
        priceFils: 2000 + i * 250,
        discountPercentage: i % 4 === 0 ? 10 : 0,
        stockQuantity: i % 3 === 0 ? 0 : 5,
        ratingAverage: ((i * 7) % 50) / 10,
        ratingCount: 1,
      }),
    );
  await t.catalogue.createBook(
    testBook({ title: 'Moby Dick', authorNames: ['Herman Melville'], genreNames: ['Fiction'] }),
  );
  await t.catalogue.createBook(testBook({ title: 'War and Peace', authorNames: ['Leo Tolstoy'] }));
  await t.catalogue.createBook(
    testBook({
      title: 'Palace Walk',
      titleAr: 'بين القصرين',
      authorNames: ['Snapshot Mahfouz'],
      genreNames: ['Fiction'],
    }),
  );
  await t.catalogue.createBook(testBook({ title: 'It', authorNames: ['Jane Austen'] }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const KEYWORDS = [
  'moby dik',
  'war and piece',
  'warand',
  'tolstoi',
  'midnigt garden',
  'pal',
  'harb',
  'silent river 12',
  'austen',
  'poetry',
  'القصرين',
  'it',
  'nothing like this',
];
const FILTERS = [
  {},
  { genre: 'poetry' },
  { author: 'jane austen' },
  { genre: 'fiction', author: 'leo tolstoy' },
  { minPriceFils: 3000, maxPriceFils: 6000 },
  { inStockOnly: true },
  { discountedOnly: true },
  { genre: 'history', inStockOnly: true, maxPriceFils: 9000 },
  { author: 'nobody at all' },
];

/** Everything a reader sees of the index: searches (dropdown and results page) and list pages with their totals. */
async function answers(index: CatalogueIndex) {
  const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
  const found = [];
  for (const keyword of KEYWORDS) {
    const page = (await index.searchPage(keyword, 50, 0))!;
    found.push({
      keyword,
      dropdown: titles((await index.search(keyword, 5))!),
      page: titles(page.rows),
      total: page.total,
    });
  }
  const listed = [];
  for (const filter of FILTERS)
    for (const offset of [0, 6]) {
      const page = (await index.list(filter, 6, offset))!;
      listed.push({ filter, offset, titles: titles(page.rows), total: page.total });
    }
  return { found, listed };
}

/** An index built from the database now, as the answers to hold the others to. */
async function freshAnswers() {
  const fresh = new CatalogueIndex(t.db);
  await fresh.ready();
  expect(fresh.stats?.source).toBe('database');
  return answers(fresh);
}

/** An index started with `file`, and what it logged while it started. */
async function started(file: string, options: { snapshotIntervalMs?: number } = {}) {
  const lines: string[] = [];
  const log: IndexLog = { info: (line) => lines.push(`info: ${line}`), error: (line) => lines.push(`error: ${line}`) };
  const index = new CatalogueIndex(t.db, { snapshotFile: file, ...options });
  index.start(log);
  await index.ready();
  await index.snapshotWritten;
  return { index, lines };
}

describe('the catalogue index snapshot (decision 106)', () => {
  it('is written once the first build is done, whole under its own name', async () => {
    const file = snapshotFile();
    const { index, lines } = await started(file);
    expect(index.stats?.source).toBe('database');
    expect((await stat(file)).size).toBeGreaterThan(1000);
    // The temporary file it was written to has taken the snapshot's name.
    expect((await readdir(dir)).filter((name) => name.startsWith(path.basename(file)))).toEqual([path.basename(file)]);
    expect(lines).toContainEqual(expect.stringMatching(/^info: Catalogue index snapshot written: \d+ books/));
  });

  it('starts an index that answers searches and list pages exactly as one built from the database', async () => {
    const file = snapshotFile();
    await started(file);
    const { index, lines } = await started(file);
    expect(index.stats?.source).toBe('snapshot');
    expect(lines).toContainEqual(
      expect.stringMatching(/books in \d+ ms \(from the snapshot of .* and \d+ changed books since\)/),
    );

    const fromSnapshot = await answers(index);
    expect(fromSnapshot).toEqual(await freshAnswers());
    // And the answers are worth comparing: typos, prefixes, Arabic and filters find what they should.
    const found = new Map(fromSnapshot.found.map((answer) => [answer.keyword, answer.dropdown]));
    expect(found.get('moby dik')?.[0]).toBe('Moby Dick');
    expect(found.get('war and piece')?.[0]).toBe('War and Peace');
    expect(found.get('القصرين')).toEqual(['Palace Walk']);
    expect(found.get('it')).toEqual(['It']);
    expect(found.get('harb')?.length).toBeGreaterThan(0);
    const both = fromSnapshot.listed.find((page) => page.filter.author === 'leo tolstoy' && page.offset === 0);
    expect(both?.total).toBeGreaterThan(0);
  });

  it('starts an index that shows what changed after the snapshot was written', async () => {
    // Two books alike but for their rating: the one rated after the snapshot ranks first.
    const [lower, higher] = ['Twin Lanterns North', 'Twin Lanterns South'];
    await t.catalogue.createBook(testBook({ title: lower, ratingAverage: 3, ratingCount: 1 }));
    await t.catalogue.createBook(testBook({ title: higher, ratingAverage: 2, ratingCount: 1 }));
    const file = snapshotFile();
    const { index: before } = await started(file);
    expect((await before.search('twin lanterns', 2))!.map((row) => row.title)).toEqual([lower, higher]);

    const idOf = async (title: string) =>
      (await rows<{ id: number }>(t.db, sql`select id from books where title = ${title}`))[0]!.id;
    await t.catalogue.createBook(
      testBook({ title: 'Lighthouse Keeper Added Later', authorNames: ['Jane Austen'], genreNames: ['Poetry'] }),
    );
    await t.db.execute(
      sql`update books set title = 'Renamed After Snapshot' where id = ${await idOf('The Silent of River 0')}`,
    );
    await t.db.execute(sql`update books set price_fils = 123456 where id = ${await idOf('The River of Palace 1')}`);
    await t.db.execute(sql`update books set stock_quantity = 0 where id = ${await idOf('The Garden of Letters 2')}`);
    await t.db.execute(sql`update books set is_active = false where id = ${await idOf('Moby Dick')}`);
    await t.db.execute(sql`update books set rating_average = 4.5 where id = ${await idOf(higher)}`);
    // An author renamed (touching the author's books, as every writer of names does) and one given an Arabic name by the app.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update authors set name = 'Herman Renamed' where name = 'Herman Melville'`);
      await tx.execute(
        sql`update books set updated_at = updated_at
            where id in (select book_id from book_authors join authors on authors.id = author_id where authors.name = 'Herman Renamed')`,
      );
      await fillArabicCatalogue(tx, { books: [], authors: { 'Leo Tolstoy': 'ليو تولستوي' }, genres: {} });
    });

    const { index, lines } = await started(file);
    expect(index.stats?.source).toBe('snapshot');
    expect(lines).toContainEqual(expect.stringMatching(/from the snapshot of .* and [1-9]\d* changed books since/));
    const titles = async (keyword: string, limit = 5) => (await index.search(keyword, limit))!.map((row) => row.title);
    const listed = async (filter: Parameters<CatalogueIndex['list']>[0]) => {
      const page = (await index.list(filter, 100, 0))!;
      return { titles: page.rows.map((row) => row.title), total: page.total };
    };

    expect(await titles('lighthouse keeper')).toEqual(['Lighthouse Keeper Added Later']);
    expect((await listed({ genre: 'poetry' })).titles).toContain('Lighthouse Keeper Added Later');
    expect(await titles('renamed after snapshot', 1)).toEqual(['Renamed After Snapshot']);
    expect(await titles('the silent of river 0')).not.toContain('The Silent of River 0');
    expect((await listed({ minPriceFils: 123456, maxPriceFils: 123456 })).titles).toEqual(['The River of Palace 1']);
    expect((await listed({ inStockOnly: true })).titles).not.toContain('The Garden of Letters 2');
    expect((await listed({})).titles).toContain('The Garden of Letters 2');
    expect(await titles('moby dick')).not.toContain('Moby Dick');
    expect((await listed({})).titles).not.toContain('Moby Dick');
    expect(await titles('twin lanterns', 2)).toEqual([higher, lower]);
    expect((await listed({ author: 'herman renamed' })).titles).toContain('The Winter of Harbour 6');
    expect((await listed({ author: 'herman melville' })).total).toBe(0);
    expect(await titles('melville')).toEqual([]);
    const tolstoy = (await listed({ author: 'leo tolstoy' })).titles;
    expect((await titles('تولستوي', 50)).sort()).toEqual([...tolstoy].sort());
    expect((await index.list({}, 1, 0))!.total).toBe(index.stats!.books);

    // As the index that ran through the changes answers. (A fresh build may order books that tie on
    // every rule otherwise: a changed book takes a new place in the order of indexing, decision 050.)
    before.invalidate();
    expect(await answers(index)).toEqual(await answers(before));

    // And it goes on taking changes as any index does.
    await t.db.execute(
      sql`update books set title = 'Lighthouse Keeper Edited After Start' where title = 'Lighthouse Keeper Added Later'`,
    );
    index.invalidate();
    expect(await titles('lighthouse keeper')).toEqual(['Lighthouse Keeper Edited After Start']);
    expect((await listed({ genre: 'poetry' })).titles).toContain('Lighthouse Keeper Edited After Start');
  });

  it('is written again once changes were applied and the interval has passed', async () => {
    const file = snapshotFile();
    const { index, lines } = await started(file, { snapshotIntervalMs: 0 });
    const written = () => lines.filter((line) => line.includes('snapshot written')).length;
    // A read with nothing changed writes nothing.
    expect((await index.search('river', 1))!.length).toBe(1);
    await index.snapshotWritten;
    expect(written()).toBe(1);
    await t.catalogue.createBook(testBook({ title: 'Written Again Later' }));
    index.invalidate();
    expect((await index.search('written again later', 1))!.map((row) => row.title)).toEqual(['Written Again Later']);
    await index.snapshotWritten;
    expect(written()).toBe(2);

    await index.close();

    const { index: next } = await started(file);
    expect(next.stats?.source).toBe('snapshot');
    expect((await next.search('written again later', 1))!.map((row) => row.title)).toEqual(['Written Again Later']);
  });
});

describe('a snapshot the index cannot use (decision 106)', () => {
  /** A good snapshot of this database, to spoil. */
  const goodSnapshot = async () => {
    const file = snapshotFile();
    await started(file);
    return file;
  };
  /** The index ignores it, says so once, builds from the database and answers as a fresh index. */
  const expectIgnored = async (file: string, why: RegExp) => {
    const { index, lines } = await started(file);
    expect(index.stats?.source).toBe('database');
    expect(lines.filter((line) => line.includes('not used'))).toEqual([expect.stringMatching(why)]);
    expect(await answers(index)).toEqual(await freshAnswers());
    // And it writes a good one in its place.
    expect((await started(file)).index.stats?.source).toBe('snapshot');
  };

  it('ignores a snapshot of another database', async () => {
    // A PGlite clone of the template is a copy of the same database; a database of its own has its own identity.
    const other: DatabaseHandle =
      inject('databaseTemplate').kind === 'pglite' ? await openPglite({}) : await createTestDatabase();
    try {
      if (other.kind === 'pglite') await migrateDatabase(other);
      await other.db.transaction((tx) => addBook(tx, testBook({ title: 'Only In The Other Database' })));
      const file = snapshotFile();
      const elsewhere = new CatalogueIndex(other.db, { snapshotFile: file });
      await elsewhere.ready();
      await elsewhere.snapshotWritten;
      await expectIgnored(file, /^info: .*not used \(it is of database .*, this is .*\)/);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('ignores a truncated snapshot', async () => {
    const file = await goodSnapshot();
    await truncate(file, Math.floor((await stat(file)).size / 2));
    await expectIgnored(file, /^error: .*not used \(it has \d+ bytes where its header says \d+\)/);
  });

  it('ignores a file that is no snapshot, or of another format version', async () => {
    const file = await goodSnapshot();
    const good = await readFile(file);
    await writeFile(file, Buffer.concat([Buffer.from('NOTASNAP'), good.subarray(8)]));
    await expectIgnored(file, /^error: .*not used \(it is no catalogue index snapshot\)/);

    // The format version is the little-endian uint32 after the 8 bytes of magic.
    const older = Buffer.from(good);
    older.writeUInt32LE(999, 8);
    await writeFile(file, older);
    await expectIgnored(file, /^info: .*not used \(it has format version 999, this build reads \d+\)/);
  });

  it('ignores a snapshot whose bytes were changed', async () => {
    const file = await goodSnapshot();
    const handle = await open(file, 'r+');
    const { size } = await handle.stat();
    await handle.write(Buffer.from([0xff, 0xfe]), 0, 2, size - 3);
    await handle.close();
    await expectIgnored(file, /^error: .*not used \(it is corrupt \(its checksum does not match\)\)/);
  });

  it('ignores an empty file', async () => {
    const file = snapshotFile();
    await writeFile(file, '');
    await expectIgnored(file, /^error: .*not used \(it is truncated at 0 bytes\)/);
  });
});

describe('the app and its snapshot (decision 106)', () => {
  it('keeps the snapshot in DATA_DIR, unless CATALOGUE_SNAPSHOT=off', async () => {
    await t.catalogue.indexReady();
    expect(t.config.catalogueIndexSnapshot).toBe(path.join(t.config.dataDir, 'catalogue-index.snapshot'));
    await expect.poll(() => stat(t.config.catalogueIndexSnapshot!).then((file) => file.size)).toBeGreaterThan(1000);

    const off = await createTestApp({ CATALOGUE_SNAPSHOT: 'off' });
    try {
      await off.catalogue.indexReady();
      expect(off.config.catalogueIndexSnapshot).toBeUndefined();
      expect(await readdir(off.config.dataDir)).not.toContainEqual(expect.stringMatching(/snapshot/));
    } finally {
      await off.close();
    }
  });
});
