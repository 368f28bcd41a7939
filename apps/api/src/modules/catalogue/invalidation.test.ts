import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import { RoleName } from '@bookshop/contracts/enums';
import { buildApp } from '../../app.ts';
import { openPostgres, rows, type DatabaseHandle } from '../../platform/db.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { announceCatalogueChange, CATALOGUE_CHANNEL } from './invalidation.ts';
import { moveStock } from './stock-service.ts';
import { callAs, createStaff, createTestApp, testBook, type TestAccount, type TestApp } from '../../test/app.ts';

/** The one after-commit hook (decision 064), on PGlite and on a PostgreSQL server alike. */
describe('catalogue changes heard after commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('clears the caches by the time the writing transaction has committed, and never for a rolled-back one', async () => {
    const before = t.catalogue.changeCount();
    const id = await t.catalogue.createBook(testBook({ title: 'Heard At Commit' }));
    expect(t.catalogue.changeCount()).toBeGreaterThan(before);
    // On a server the dedicated listener hears the same notice again a moment later (harmless).
    const settled = () => new Promise((resolve) => setTimeout(resolve, 100));
    await settled();

    const afterAdd = t.catalogue.changeCount();
    await t.db.transaction(async (tx) => {
      await moveStock(tx, [{ bookId: id, delta: -1, reason: 'sale' }]);
      await announceCatalogueChange(tx);
      // Not before the commit: a reader could not see the change yet.
      expect(t.catalogue.changeCount()).toBe(afterAdd);
    });
    expect(t.catalogue.changeCount()).toBeGreaterThan(afterAdd);
    await settled();

    const afterStock = t.catalogue.changeCount();
    await expect(
      t.db.transaction(async (tx) => {
        await announceCatalogueChange(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settled();
    expect(t.catalogue.changeCount()).toBe(afterStock);
  });
});

/**
 * Two instances of the shop on one PostgreSQL database, each with its own pool and so its own
 * catalogue caches: a staff write on A must reach B's cached lists and searches within a second.
 */
describe.skipIf(!process.env.DATABASE_URL)('catalogue caches across instances (PostgreSQL)', () => {
  let a: TestApp;
  let bHandle: DatabaseHandle;
  let b: FastifyInstance;
  let supervisor: TestAccount;

  beforeAll(async () => {
    a = await createTestApp();
    const pool = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    bHandle = await openPostgres(pool.options.connectionString, 4);
    b = await buildApp({ config: a.config, db: bHandle.db });
    supervisor = await createStaff(a, RoleName.Supervisor);
  });
  afterAll(async () => {
    await b?.close();
    await bHandle?.close();
    await a?.close();
  });

  const onB = async <T>(url: string) => (await b.inject({ method: 'GET', url })).json<T>();

  /** Polls B until `check` passes; fails after a second. */
  async function withinOneSecond(check: () => Promise<void>) {
    const deadline = Date.now() + 1000;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it("an update on A shows in B's cached list, search and book page within a second", async () => {
    const body = '978555000001';
    const form = {
      title: 'Tidewater Almanac',
      description: 'Across instances.',
      isbn: `${body}${isbn13CheckDigit(body)}`,
      price: '20',
      discountPercentage: '0',
      stockQuantity: '3',
      isNextDayDeliveryEligible: false,
      authors: [{ name: 'Marin Coast' }],
      genres: [{ name: 'Almanacs' }],
    };
    const created = await callAs(a, 'POST', '/api/v1/books', supervisor, form);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Book>();

    // B loads, and so caches, the list and the search.
    await withinOneSecond(async () => {
      expect((await onB<BookPage>('/api/v1/books?genre=Almanacs')).data.map((book) => book.price)).toEqual([20]);
      expect((await onB<SearchResult[]>('/api/v1/books/search-books?keyword=tidewater')).map((r) => r.id)).toEqual([
        id,
      ]);
    });

    const updated = await callAs(a, 'PUT', '/api/v1/books', supervisor, {
      ...form,
      id,
      title: 'Seawater Almanac',
      price: '25.5',
    });
    expect(updated.statusCode, updated.body).toBe(200);

    await withinOneSecond(async () => {
      expect((await onB<BookPage>('/api/v1/books?genre=Almanacs')).data.map((book) => book.price)).toEqual([25.5]);
      expect(await onB<SearchResult[]>('/api/v1/books/search-books?keyword=tidewater')).toEqual([]);
      expect((await onB<SearchResult[]>('/api/v1/books/search-books?keyword=seawater')).map((r) => r.id)).toEqual([id]);
      expect((await onB<Book>('/api/v1/books/Seawater%20Almanac')).price).toBe(25.5);
    });
  });

  it("a book hidden on A leaves B's in-memory search and list counts within a second", async () => {
    const body = '978555000003';
    const form = {
      title: 'Quillmoor Chronicle',
      description: 'Soon hidden.',
      isbn: `${body}${isbn13CheckDigit(body)}`,
      price: '12',
      discountPercentage: '0',
      stockQuantity: '3',
      isNextDayDeliveryEligible: false,
      authors: [{ name: 'Tamsin Quill' }],
      genres: [{ name: 'Chronicles' }],
    };
    const created = await callAs(a, 'POST', '/api/v1/books', supervisor, form);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Book>();
    await withinOneSecond(async () => {
      // A typo, so the answer can only come from the index's typo tolerance.
      expect((await onB<SearchResult[]>('/api/v1/books/search-books?keyword=quilmoor')).map((r) => r.id)).toEqual([id]);
      expect((await onB<BookPage>('/api/v1/books?genre=Chronicles')).paginationDetails.noOfRecords).toBe(1);
    });

    const hidden = await callAs(a, 'PUT', '/api/v1/books', supervisor, { ...form, id, isActive: 'false' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await withinOneSecond(async () => {
      expect(await onB<SearchResult[]>('/api/v1/books/search-books?keyword=quilmoor')).toEqual([]);
      expect(await onB<SearchResult[]>('/api/v1/books/search-books?keyword=tamsin quill')).toEqual([]);
      expect((await onB<BookPage>('/api/v1/books?genre=Chronicles')).paginationDetails.noOfRecords).toBe(0);
    });
  });

  it('listens again after its connection is cut, and B still hears the next change', async () => {
    const listeners = async () =>
      (
        await rows<{ pid: number }>(
          a.db,
          sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${CATALOGUE_CHANNEL}`}`,
        )
      ).map((row) => row.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(
        before.map((pid) => sql`${pid}`),
        sql`, `,
      )})`,
    );
    const deadline = Date.now() + 5000;
    while ((await listeners()).filter((pid) => !before.includes(pid)).length < 2) {
      if (Date.now() > deadline) throw new Error('the listeners did not come back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const body = '978555000002';
    const form = {
      title: 'Reconnected Ledger',
      description: 'After a cut.',
      isbn: `${body}${isbn13CheckDigit(body)}`,
      price: '10',
      discountPercentage: '0',
      stockQuantity: '3',
      isNextDayDeliveryEligible: false,
      authors: [{ name: 'Nora Ledger' }],
      genres: [{ name: 'Ledgers' }],
    };
    const created = await callAs(a, 'POST', '/api/v1/books', supervisor, form);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Book>();
    expect((await onB<BookPage>('/api/v1/books?genre=Ledgers')).data.map((book) => book.price)).toEqual([10]);
    const updated = await callAs(a, 'PUT', '/api/v1/books', supervisor, { ...form, id, price: '11' });
    expect(updated.statusCode, updated.body).toBe(200);
    await withinOneSecond(async () => {
      expect((await onB<BookPage>('/api/v1/books?genre=Ledgers')).data.map((book) => book.price)).toEqual([11]);
    });
  });
});
