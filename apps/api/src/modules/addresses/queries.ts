import { and, desc, eq, ne, sql, type Placeholder } from 'drizzle-orm';
import { countRows, lockKey, type Tx } from '../../platform/db.ts';
import { customerAddresses as addresses } from './schema.ts';

/** The columns an address is answered with; the row is the API's `Address` as it stands. */
const addressColumns = {
  id: addresses.id,
  address: addresses.address,
  country: addresses.country,
  city: addresses.city,
  phoneNo: addresses.phoneNo,
  zipCode: addresses.zipCode,
  emirate: addresses.emirate,
  recipientName: addresses.recipientName,
  isMain: addresses.isMain,
};

export type AddressRow = Pick<typeof addresses.$inferSelect, keyof typeof addressColumns>;
export type AddressFields = Pick<
  AddressRow,
  'address' | 'country' | 'city' | 'phoneNo' | 'zipCode' | 'emirate' | 'recipientName'
>;

type Id = number | Placeholder;
const ofCustomer = (customerId: Id) => eq(addresses.customerId, customerId);
const addressOf = (customerId: Id, id: Id) => and(ofCustomer(customerId), eq(addresses.id, id));
const touched = { updatedAt: sql`now()` };

/** Serialises one customer's address changes: "first is main" and "promote on delete" need it. */
export const lockAddresses = (tx: Tx, customerId: number): Promise<void> => lockKey(tx, `addresses:${customerId}`);

export const countAddresses = (tx: Tx, customerId: number): Promise<number> =>
  countRows(tx, addresses, ofCustomer(customerId));

/** Main address first, then the newest. */
export const pageAddresses = (tx: Tx, customerId: number, limit: number, offset: number): Promise<AddressRow[]> =>
  tx
    .select(addressColumns)
    .from(addresses)
    .where(ofCustomer(customerId))
    .orderBy(desc(addresses.isMain), desc(addresses.createdAt), desc(addresses.id))
    .limit(limit)
    .offset(offset);

const addressRowOf = (tx: Tx, customerId: Id, id: Id) =>
  tx.select(addressColumns).from(addresses).where(addressOf(customerId, id));

export async function findAddress(tx: Tx, customerId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await addressRowOf(tx, customerId, id);
  return row;
}

/**
 * The same read by a statement prepared once for `db`: checkout reads the address of every
 * customer of a burst it refuses (decision 121). Run it with `{ customerId, id }`.
 */
export const prepareFindAddress = (db: Tx) =>
  addressRowOf(db, sql.placeholder('customerId'), sql.placeholder('id')).prepare('address_of_customer');

export async function insertAddress(
  tx: Tx,
  customerId: number,
  fields: AddressFields,
  isMain: boolean,
): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({ customerId, ...fields, isMain })
    .returning(addressColumns);
  return row!;
}

export async function updateAddress(tx: Tx, customerId: number, id: number, fields: AddressFields): Promise<void> {
  await tx
    .update(addresses)
    .set({ ...fields, ...touched })
    .where(addressOf(customerId, id));
}

/**
 * Makes `id` the only main address. Unsetting first matters: the partial unique index on
 * (customer_id) where is_main is checked row by row.
 */
export async function setMainAddress(tx: Tx, customerId: number, id: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isMain: false, ...touched })
    .where(and(ofCustomer(customerId), eq(addresses.isMain, true), ne(addresses.id, id)));
  await tx
    .update(addresses)
    .set({ isMain: true, ...touched })
    .where(and(addressOf(customerId, id), eq(addresses.isMain, false)));
}

/** The removed address, if it was the customer's. */
export async function deleteAddress(tx: Tx, customerId: number, id: number): Promise<{ isMain: boolean } | undefined> {
  const [row] = await tx.delete(addresses).where(addressOf(customerId, id)).returning({ isMain: addresses.isMain });
  return row;
}

export async function deleteAllAddresses(tx: Tx, customerId: number): Promise<void> {
  await tx.delete(addresses).where(ofCustomer(customerId));
}

/** The address that becomes main when the main one is deleted: the most recently created. */
export async function findNewestAddressId(tx: Tx, customerId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(ofCustomer(customerId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row?.id;
}
