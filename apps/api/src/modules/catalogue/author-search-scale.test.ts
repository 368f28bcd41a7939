import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import * as queries from './queries.ts';

/*
 * The author picker (decision 097) searches names that contain the typed words. A catalogue of a
 * million books has hundreds of thousands of authors, and reading every name per keystroke cost
 * about 450 ms at 300,000: the trigram indexes of migration 0031 answer it instead.
 */
const AUTHORS = 5_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into authors (name, name_ar)
    select 'Generated Author ' || lpad(n::text, 5, '0'), case when n % 2 = 0 then 'مؤلف ' || n end
    from generate_series(1, ${AUTHORS}) as n`);
  await t.db.execute(sql`insert into authors (name, name_ar) values ('Leo Tolstoy', 'ليو تولستوي')`);
  await t.db.execute(sql`analyze authors`);
});
afterAll(() => t.close());

/**
 * The plan of the picker's query with sequential scans priced out: at this test's size a scan is
 * the planner's cheaper choice (it switches at a few tens of thousands of names), so what is
 * checked is that the query can be answered through the indexes, whose expressions it must match.
 */
const indexPlanOf = (text: string) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${queries.searchAuthors(tx, text, 10)}`);
    return plan.map((row) => row['QUERY PLAN']).join('\n');
  });

describe('the author picker among many authors', () => {
  it('finds a name by part of it, English or Arabic, through the trigram indexes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/authors?search=tolst' });
    expect(res.json()).toEqual([{ id: expect.any(Number), name: 'Leo Tolstoy', nameAr: 'ليو تولستوي' }]);
    const arabic = await t.app.inject({ method: 'GET', url: `/api/v1/authors?search=${encodeURIComponent('تولست')}` });
    expect(arabic.json().map((author: { name: string }) => author.name)).toEqual(['Leo Tolstoy']);

    const plan = await indexPlanOf('tolst');
    expect(plan).toContain('authors_name_trgm_idx');
    expect(plan).toContain('authors_name_ar_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on authors/);
  });
});
