import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortLink } from '@bookshop/contracts/links';
import { rows } from '../../platform/db.ts';
import { createTestApp, secondInstance, uniqueIp, type SecondInstance, type TestApp } from '../../test/app.ts';

/**
 * "The same URL always gets the same id", when many Share buttons are pressed at once. Each
 * request looks for the address, finds none and inserts its own random id; only the unique
 * index on the address (insert … on conflict do nothing, then read the winner) makes them
 * agree. Without it every request would store its own id, on PGlite as well (the requests
 * interleave between statements); on PostgreSQL they also overlap inside the server.
 */

const CALLERS = 40;

async function rush(apps: TestApp['app'][], originalUrl: string) {
  const answers = await Promise.all(
    Array.from({ length: CALLERS }, (_, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: '/api/v1/link-shortner',
        headers: { 'x-forwarded-for': uniqueIp() },
        payload: { originalUrl },
      }),
    ),
  );
  expect(answers.filter((res) => res.statusCode !== 200).map((res) => `${res.statusCode} ${res.body}`)).toEqual([]);
  return new Set(answers.map((res) => res.json<ShortLink>().id));
}

async function storedFor(t: TestApp, targetPath: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from short_links where target_path = ${targetPath}`,
  );
  return row!.n;
}

describe('concurrent shortening (PGlite or PostgreSQL, whichever the run uses)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`${CALLERS} requests for one new address at once: one id for all, one row`, async () => {
    for (let round = 0; round < 3; round++) {
      const ids = await rush([t.app], `/books/Raced ${round}`);
      expect(ids.size).toBe(1);
      expect(await storedFor(t, `/books/Raced%20${round}`)).toBe(1);
    }
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, two instances', () => {
  let t: TestApp;
  let second: SecondInstance;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('agree on one id for an address shortened on both at once', async () => {
    for (let round = 0; round < 5; round++) {
      const ids = await rush([t.app, second.app], `/books/Two Servers ${round}`);
      expect(ids.size).toBe(1);
      expect(await storedFor(t, `/books/Two%20Servers%20${round}`)).toBe(1);
    }
  }, 60_000);
});
