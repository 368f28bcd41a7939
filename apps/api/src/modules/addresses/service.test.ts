import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db.ts';
import { createCustomer, createTestApp, type TestApp } from '../../test/app.ts';
import { createAddressesService } from './service.ts';

let t: TestApp;
let addresses: ReturnType<typeof createAddressesService>;

beforeAll(async () => {
  t = await createTestApp();
  addresses = createAddressesService({ db: t.db, catalogue: t.catalogue });
});
afterAll(() => t.close());

const rollback = new Error('rolled back on purpose');

describe('addresses.get', () => {
  it("reads in the caller's transaction and answers 404 for another customer's address", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into customer_addresses (customer_id, address, country, city, phone_no, zip_code, is_main)
        values (${alice.id}, 'Villa 1', 'AE', 'Dubai', '+971501234567', '', true)`);
        const [{ id }] = (await rows<{ id: number }>(tx, sql`select max(id)::int as id from customer_addresses`)) as [
          { id: number },
        ];
        expect(await addresses.get(alice.id, id, { tx })).toMatchObject({ id, city: 'Dubai', isMain: true });
        await expect(addresses.get(bob.id, id, { tx })).rejects.toMatchObject({ status: 404 });
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    // Rolled back: the address never existed outside that transaction.
    expect((await addresses.list(alice.id, { pageNo: 1, pageSize: 10 })).data).toEqual([]);
  });
});
