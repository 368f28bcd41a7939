import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, SearchResult } from '@bookshop/contracts/catalogue';
import { RoleName } from '@bookshop/contracts/enums';
import { buildApp } from '../app.ts';
import { isbn13CheckDigit } from '../seed/isbn.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  testBook,
  testConfig,
  type TestAccount,
  type TestApp,
} from '../test/app.ts';
import { serverBinaries, startStandby, type Standby } from '../test/standby.ts';
import { migrateDatabase, openPostgres, openReadDatabase, type DatabaseHandle } from './db.ts';

/**
 * DATABASE_READ_URL on a real streaming standby (decision 098): `pg_basebackup -R` copies a
 * PostgreSQL server into a temporary folder and the copy runs on a port of its own, replaying the
 * primary's WAL; the shop runs with DATABASE_URL on the primary and DATABASE_READ_URL on it. Pausing
 * replay on the standby (pg_wal_replay_pause) makes the replica lag for as long as a test wants.
 */
const bin = serverBinaries();
if (process.env.DATABASE_URL && !bin)
  console.warn('read-replica tests skipped: PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are absent');

/** How long a read waits for the standby before the primary answers it (shortened: the fallback test waits it out). */
const MAX_WAIT_MS = 1_500;

let isbnSeq = 500_000_000;
const validIsbn = () => {
  const body = `978${isbnSeq++}`;
  return `${body}${isbn13CheckDigit(body)}`;
};

describe.skipIf(!process.env.DATABASE_URL || !bin)('a streaming read replica (PostgreSQL)', () => {
  let standby: Standby;
  let primary: DatabaseHandle;
  let replica: Awaited<ReturnType<typeof openReadDatabase>>;
  let t: TestApp;
  let dataDir: string;
  let dropDatabase = async () => {};
  let staff: TestAccount;
  const warnings: string[] = [];

  beforeAll(async () => {
    standby = await startStandby(bin!);
    console.info(`read-replica tests: ${standby.source}`);
    const name = `bookshop_replica_${randomBytes(5).toString('hex')}`;
    const admin = await openPostgres(standby.primaryUrl, 1);
    await admin.pool.query(`create database ${name}`);
    await admin.close();
    dropDatabase = async () => {
      const cleanup = await openPostgres(standby.primaryUrl, 1);
      await cleanup.pool.query(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    };
    const on = (server: string) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-replica-app-'));
    const config = testConfig(dataDir, {
      DATABASE_URL: on(standby.primaryUrl),
      DATABASE_READ_URL: on(standby.standbyUrl),
    });
    primary = await openPostgres(config.databaseUrl!, 4, config.dbTimeouts);
    await migrateDatabase(primary);
    await standby.caughtUp();
    replica = await openReadDatabase(config.databaseReadUrl!, primary, {
      timeouts: config.dbTimeouts,
      maxWaitMs: MAX_WAIT_MS,
      log: { warn: (message) => warnings.push(message), info: () => undefined },
    });
    const app = await buildApp({ config, db: primary.db, readDb: replica });
    t = { app, db: primary.db, config, catalogue: app.catalogue, close: () => app.close() };
    staff = await createStaff(t, RoleName.Supervisor);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await replica?.close();
    await primary?.close();
    await dropDatabase().catch(() => undefined);
    await standby?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const bookPage = (title: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/books/${encodeURIComponent(title)}` });
  const search = async (keyword: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}` })
    ).json<SearchResult[]>();
  const priceOf = async (title: string) => (await bookPage(title)).json<Book>().price;
  /** Replay paused for `during`, resumed (and caught up) whatever happens. */
  const whileLagging = async (during: () => Promise<void>) => {
    await standby.caughtUp();
    await standby.pauseReplay();
    try {
      await during();
    } finally {
      await standby.resumeReplay();
      await standby.caughtUp();
    }
  };
  const edit = async (book: Book, changes: Record<string, string>) => {
    const res = await callAs(t, 'PUT', '/api/v1/books', staff, {
      id: book.id,
      title: book.title,
      description: book.description,
      isbn: book.isbn,
      price: String(book.price),
      discountPercentage: '0',
      stockQuantity: '5',
      isNextDayDeliveryEligible: 'false',
      authors: book.authors.map((a) => a.id),
      genres: book.genres.map((g) => g.id),
      ...changes,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const newBook = async (title: string) => {
    const id = await t.catalogue.createBook(testBook({ title, priceFils: 4000, isbn: validIsbn() }));
    await standby.caughtUp();
    return (await t.catalogue.getBooksByIds([id]))[0]!;
  };

  it('answers the storefront from the standby: a change nobody announced is not there until the standby replays it', async () => {
    const book = await newBook('Read From The Standby');
    expect(await priceOf(book.title)).toBe(40);
    await whileLagging(async () => {
      await primary.db.execute(sql`update books set price_fils = 5000 where id = ${book.id}`);
      // The primary has it; the standby, replay paused, does not: the storefront shows the standby's.
      // (The caches forget first, without the fence a notice brings, so the read goes to a database.)
      t.catalogue.invalidate();
      expect(await priceOf(book.title)).toBe(40);
    });
    t.catalogue.invalidate();
    expect(await priceOf(book.title)).toBe(50);
  });

  it('shows a staff edit on the storefront through the standby, waiting for the standby to replay it', async () => {
    const book = await newBook('Edited Through The Replica');
    await search('Edited Through');
    const primaryReads = replica.pool.answeredByPrimary;
    let answered = false;
    let page: Promise<number> | undefined;
    let found: Promise<SearchResult[]> | undefined;
    await whileLagging(async () => {
      await edit(book, { price: '61.50', title: 'Edited Through The Replica Again' });
      page = priceOf('Edited Through The Replica Again').finally(() => (answered = true));
      found = search('Replica Again');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The notice came from the primary before the standby had the edit: the read waits for it.
      expect(answered).toBe(false);
    });
    expect(await page).toBe(61.5);
    expect((await found)!.map((r) => r.title)).toEqual(['Edited Through The Replica Again']);
    expect((await bookPage(book.title)).statusCode).toBe(404);
    // Answered by the standby once it had replayed the edit, not by the primary.
    expect(replica.pool.answeredByPrimary).toBe(primaryReads);
  });

  it('asks the primary when the standby lags longer than it may, and the standby again once it has caught up', async () => {
    const book = await newBook('Lagging Replica');
    const primaryReads = replica.pool.answeredByPrimary;
    await whileLagging(async () => {
      await edit(book, { price: '70' });
      const started = Date.now();
      expect(await priceOf(book.title)).toBe(70);
      expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS - 50);
      expect(replica.pool.answeredByPrimary).toBeGreaterThan(primaryReads);
      expect(warnings.join('\n')).toMatch(/behind the primary; reads go to the primary/);
      // Known to lag: the next read does not wait again.
      const again = Date.now();
      expect(await priceOf(book.title)).toBe(70);
      expect(Date.now() - again).toBeLessThan(MAX_WAIT_MS / 2);
    });
    await expect
      .poll(async () => {
        const before = replica.pool.answeredByPrimary;
        await priceOf(book.title);
        return replica.pool.answeredByPrimary - before;
      })
      .toBe(0);
  });

  it('never shows a customer a stale cart, even while the standby is frozen', async () => {
    const book = await newBook('In A Fresh Cart');
    await whileLagging(async () => {
      // Signed up and logged in while the standby lags: sessions live on the primary.
      const customer = await createCustomer(t);
      const timed = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
        const started = Date.now();
        const res = await callAs(t, method, url, customer, body);
        expect(res.statusCode, res.body).toBeLessThan(300);
        // Never waited for the standby: nothing of a cart is read there.
        expect(Date.now() - started).toBeLessThan(MAX_WAIT_MS / 2);
        return res.json<{ items: { id: number; quantity: number; price: number }[] }>();
      };
      await timed('POST', '/api/v1/cart', { bookId: book.id, quantity: 1 });
      expect((await timed('GET', '/api/v1/cart')).items).toMatchObject([{ id: book.id, quantity: 1, price: 40 }]);
      await timed('PUT', '/api/v1/cart', { bookId: book.id, quantity: 3 });
      expect((await timed('GET', '/api/v1/cart')).items).toMatchObject([{ id: book.id, quantity: 3 }]);
      // A price staff just changed is the price the cart shows.
      await edit(book, { price: '12' });
      expect((await timed('GET', '/api/v1/cart')).items).toMatchObject([{ id: book.id, quantity: 3, price: 12 }]);
      await timed('PUT', '/api/v1/cart', { bookId: book.id, quantity: 0 });
      expect((await timed('GET', '/api/v1/cart')).items).toEqual([]);
    });
  });

  it("keeps the index's change tracking whole when it reads a lagging standby", async () => {
    await newBook('Tracked Despite Lag');
    expect((await search('Tracked Despite')).map((r) => r.title)).toEqual(['Tracked Despite Lag']);
    await whileLagging(async () => {
      // Renamed on the primary without a notice (as stock taken on another instance is).
      await primary.db.execute(
        sql`update books set title = 'Tracked Renamed Quietly' where title = 'Tracked Despite Lag'`,
      );
      // The index reads its delta now, from a standby that has not replayed the rename: the
      // standby's snapshot xmin must stay at or below the rename's transaction id…
      t.catalogue.invalidate();
      expect(await search('Renamed Quietly')).toEqual([]);
    });
    // …so the next delta, once the standby has it, still reads it.
    t.catalogue.invalidate();
    expect((await search('Renamed Quietly')).map((r) => r.title)).toEqual(['Tracked Renamed Quietly']);
  });

  // Last: the standby does not come back.
  it('answers from the primary when the standby is gone', async () => {
    const book = await newBook('Vanished Replica Host');
    await standby.stopStandbyServer();
    const primaryReads = replica.pool.answeredByPrimary;
    expect(await priceOf(book.title)).toBe(40);
    expect(replica.pool.answeredByPrimary).toBeGreaterThan(primaryReads);
    // A read that failed on it says so; on a busy machine the check of its replay position may
    // notice first, and reads then never go to it: either way the log says it is gone.
    expect(warnings.join('\n')).toMatch(/Read replica (failed a read|cannot say how far it has replayed)/);
    // Not tried again for a while: the next read does not wait for a connection to fail.
    const started = Date.now();
    expect((await search('Vanished')).map((r) => r.title)).toEqual(['Vanished Replica Host']);
    expect(Date.now() - started).toBeLessThan(MAX_WAIT_MS / 2);
  });
});
