import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createCustomer, createTestApp, expectProblem, testBook, type TestAccount, type TestApp } from '../test/app.ts';
import { killServer, startServer, type ServerProcess } from '../test/server.ts';
import { rows } from './db.ts';

// PGlite has no server to lose, no second connection to hold a lock, and no backends to terminate.
const onServer = !!process.env.DATABASE_URL;

/** The URL of this test file's own database on the server. */
async function databaseUrl(t: TestApp) {
  const template = inject('databaseTemplate');
  if (template.kind !== 'postgres') throw new Error('needs the PostgreSQL server');
  const [row] = await rows<{ name: string }>(t.db, sql`select current_database() as name`);
  const url = new URL(template.serverUrl);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/** A second connection that holds `lockSql` in an open transaction until released. */
async function holdLock(url: string, lockSql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(lockSql);
  let released: Promise<void> | undefined;
  return {
    release: () =>
      (released ??= (async () => {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      })()),
  };
}

/** Backends of this database (only) that wait for a lock; polls until there are `count`. */
async function waitingBackends(admin: pg.Client, count = 1): Promise<number[]> {
  for (let i = 0; i < 200; i++) {
    const { rows: found } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (found.length >= count) return found.map((row) => row.pid);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} backend(s) waiting for a lock`);
}

/** Resolves with the response, or 'still waiting' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

const cartLock = (customerId: number) => `select pg_advisory_xact_lock(hashtextextended('cart:${customerId}', 0))`;

describe.skipIf(!onServer)('a PostgreSQL connection lost inside a transaction', () => {
  let t: TestApp;
  let url: string;
  let customer: TestAccount;
  let bookId: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    url = await databaseUrl(t);
    customer = await createCustomer(t);
    bookId = await t.catalogue.createBook(testBook({ title: 'Lost Connection', stockQuantity: 50 }));
    // The real process, so "it did not die" is something the test can see.
    server = await startServer({ DATABASE_URL: url, JWT_SECRET: t.config.jwtSecret });
  }, 200_000);
  afterAll(async () => {
    await killServer(server);
    await t?.close();
  });

  it('answers that request 503 and keeps serving the next ones', async () => {
    const addToCart = () =>
      fetch(`${server!.url}/api/v1/cart`, {
        method: 'POST',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ bookId, quantity: 1 }),
      });
    const holder = await holdLock(url, cartLock(customer.id));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The cart change waits inside its transaction for the lock the holder has.
      const pending = addToCart();
      const [waiting] = await waitingBackends(admin);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid = $1',
        [waiting],
      );
      const res = await pending;
      expect(res.status, await res.clone().text()).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ title: 'Service Unavailable', status: 503 });
    } finally {
      await holder.release();
      await admin.end();
    }

    const next = await addToCart();
    expect(next.status, await next.clone().text()).toBe(200);
    expect(server!.child.exitCode).toBeNull();
    expect((await fetch(`${server!.url}/api/v1/cart`, { headers: customer.headers })).status).toBe(200);
  });

  it('survives its idle pooled connections being cut', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server!.child.exitCode).toBeNull();
    expect((await fetch(`${server!.url}/api/v1/cart`, { headers: customer.headers })).status).toBe(200);
  });
});

describe.skipIf(!onServer)('database timeouts', () => {
  let t: TestApp;
  let url: string;
  let customer: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '1000' });
    url = await databaseUrl(t);
    customer = await createCustomer(t);
  });
  afterAll(() => t?.close());

  it('answers 503 after the statement timeout when a table stays locked, and other endpoints still answer', async () => {
    const holder = await holdLock(url, 'lock table cart_items in access exclusive mode');
    try {
      const started = Date.now();
      const stalled = t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers });
      // Unrelated endpoints do not queue behind the locked table.
      const genres = await t.app.inject({ method: 'GET', url: '/api/v1/genres' });
      expect(genres.statusCode).toBe(200);

      const res = await within(stalled, 8_000);
      expect(res, 'the request hung on the lock').not.toBe('still waiting');
      if (res === 'still waiting') return;
      expectProblem(res, 503, 'Service Unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await holder.release();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers })).statusCode).toBe(
      200,
    );
  });
});

describe.skipIf(!onServer)('a full connection pool', () => {
  let t: TestApp;
  let url: string;
  let customer: TestAccount;

  beforeAll(async () => {
    // No statement timeout here, so only the wait for a pooled connection can end the request.
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '0', DB_CONNECT_TIMEOUT_MS: '500' });
    url = await databaseUrl(t);
    customer = await createCustomer(t);
  });
  afterAll(() => t?.close());

  it('answers 503 after the connect timeout instead of queueing without end', async () => {
    const holder = await holdLock(url, 'lock table cart_items in access exclusive mode');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The test pool has 4 connections; these take all of them, waiting on the lock.
      const stuck = Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers }),
      );
      await waitingBackends(admin, 4);
      const res = await within(t.app.inject({ method: 'GET', url: '/api/v1/genres' }), 5_000);
      expect(res, 'the request queued for a connection without end').not.toBe('still waiting');
      if (res === 'still waiting') return;
      expectProblem(res, 503, 'Service Unavailable');
      await holder.release();
      for (const res of await Promise.all(stuck)) expect(res.statusCode).toBe(200);
    } finally {
      await holder.release();
      await admin.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/genres' })).statusCode).toBe(200);
  });
});
