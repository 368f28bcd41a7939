import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db.ts';

export type AddressRow = {
  id: number;
  address: string;
  country: string;
  city: string;
  phone_no: string;
  zip_code: string;
  is_main: boolean;
};

export type AddressFields = { address: string; country: string; city: string; phoneNo: string; zipCode: string };

const columns = sql`id, address, country, city, phone_no, zip_code, is_main`;

/** Serialises one customer's address changes: "first is main" and "promote on delete" need it. */
export async function lockAddresses(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${customerId}`}, 0))`);
}

export async function countAddresses(tx: Tx, customerId: number): Promise<number> {
  const [row] = await rows<{ count: string | number }>(
    tx,
    sql`select count(*) as count from customer_addresses where customer_id = ${customerId}`,
  );
  return Number(row?.count ?? 0);
}

/** Main address first, then the newest. */
export const pageAddresses = (tx: Tx, customerId: number, limit: number, offset: number) =>
  rows<AddressRow>(
    tx,
    sql`select ${columns} from customer_addresses where customer_id = ${customerId}
        order by is_main desc, created_at desc, id desc limit ${limit} offset ${offset}`,
  );

export async function findAddress(tx: Tx, customerId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await rows<AddressRow>(
    tx,
    sql`select ${columns} from customer_addresses where customer_id = ${customerId} and id = ${id}`,
  );
  return row;
}

export async function insertAddress(
  tx: Tx,
  customerId: number,
  fields: AddressFields,
  isMain: boolean,
): Promise<AddressRow> {
  const [row] = await rows<AddressRow>(
    tx,
    sql`insert into customer_addresses (customer_id, address, country, city, phone_no, zip_code, is_main)
        values (${customerId}, ${fields.address}, ${fields.country}, ${fields.city}, ${fields.phoneNo}, ${fields.zipCode}, ${isMain})
        returning ${columns}`,
  );
  return row!;
}

export async function updateAddress(tx: Tx, customerId: number, id: number, fields: AddressFields): Promise<void> {
  await tx.execute(
    sql`update customer_addresses
        set address = ${fields.address}, country = ${fields.country}, city = ${fields.city},
            phone_no = ${fields.phoneNo}, zip_code = ${fields.zipCode}, updated_at = now()
        where customer_id = ${customerId} and id = ${id}`,
  );
}

/**
 * Makes `id` the only main address. Unsetting first matters: the partial unique index on
 * (customer_id) where is_main is checked row by row.
 */
export async function setMainAddress(tx: Tx, customerId: number, id: number): Promise<void> {
  await tx.execute(
    sql`update customer_addresses set is_main = false, updated_at = now()
        where customer_id = ${customerId} and is_main and id <> ${id}`,
  );
  await tx.execute(
    sql`update customer_addresses set is_main = true, updated_at = now()
        where customer_id = ${customerId} and id = ${id} and not is_main`,
  );
}

/** The removed address, if it was the customer's. */
export async function deleteAddress(tx: Tx, customerId: number, id: number): Promise<{ is_main: boolean } | undefined> {
  const [row] = await rows<{ is_main: boolean }>(
    tx,
    sql`delete from customer_addresses where customer_id = ${customerId} and id = ${id} returning is_main`,
  );
  return row;
}

/** The address that becomes main when the main one is deleted: the most recently created. */
export async function deleteAllAddresses(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`delete from customer_addresses where customer_id = ${customerId}`);
}

export async function findNewestAddressId(tx: Tx, customerId: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from customer_addresses where customer_id = ${customerId} order by created_at desc, id desc limit 1`,
  );
  return row?.id;
}
