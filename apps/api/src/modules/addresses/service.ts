import {
  ADDRESSES_MAX,
  AddressMessages,
  normalizePhoneNumber,
  type Address,
  type AddressPage,
  type CreateAddress,
  type UpdateAddress,
} from '@bookshop/contracts/addresses';
import { toPage, type PageQuery } from '@bookshop/contracts/pagination';
import { readTogether, type Tx } from '../../platform/db.ts';
import { HttpProblem, conflict, notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import * as queries from './queries.ts';

export type AddressesDeps = { db: Tx; catalogue: Pick<CatalogueService, 'getCountry'> };

const invalid = (field: string, message: string) =>
  new HttpProblem(400, 'Validation Failed', `Invalid value for ${field}.`, { [field]: [message] });

/** What every use case below is given: the database or the caller's transaction, and the catalogue. */
type AddressesContext = { tx: Tx; catalogue: AddressesDeps['catalogue'] };

/**
 * The schema knows the shape of a code; only the database knows which countries the shop
 * lists. The phone is judged once the country is known good, so a client that skipped the
 * shared schema (or a country without numbering rules) is held to the same rule.
 */
async function checkedFields(
  { catalogue }: AddressesContext,
  fields: queries.AddressFields,
): Promise<queries.AddressFields> {
  if (!(await catalogue.getCountry(fields.country))) throw invalid('country', AddressMessages.countryInvalid);
  const phoneNo = normalizePhoneNumber(fields.phoneNo, fields.country);
  if (phoneNo === undefined) throw invalid('phoneNo', AddressMessages.phoneInvalid(fields.country));
  return { ...fields, phoneNo };
}

/** 404 unless the address is this customer's. */
async function get(tx: Tx, customerId: number, id: number): Promise<Address> {
  return ownAddress(await queries.findAddress(tx, customerId, id));
}

function ownAddress(row: queries.AddressRow | undefined): Address {
  if (!row) throw notFound(AddressMessages.notFound);
  return row;
}

/** 404 unless the address is this customer's; then `change` runs with the customer's addresses locked. */
async function changeOwn(tx: Tx, customerId: number, id: number, change: (tx: Tx) => Promise<void>): Promise<Address> {
  await tx.transaction(async (inner) => {
    await queries.lockAddresses(inner, customerId);
    if (!(await queries.findAddress(inner, customerId, id))) throw notFound(AddressMessages.notFound);
    await change(inner);
  });
  return get(tx, customerId, id);
}

async function list(tx: Tx, customerId: number, { pageNo, pageSize }: PageQuery): Promise<AddressPage> {
  const [noOfRecords, found] = await readTogether(
    tx,
    () => queries.countAddresses(tx, customerId),
    () => queries.pageAddresses(tx, customerId, pageSize, (pageNo - 1) * pageSize),
  );
  return toPage(found, noOfRecords, { pageNo, pageSize });
}

/** The first address is main whatever isMain says; a later one is main only when asked. */
async function create(
  ctx: AddressesContext,
  customerId: number,
  { isMain, ...input }: CreateAddress,
): Promise<Address> {
  const fields = await checkedFields(ctx, input);
  return ctx.tx.transaction(async (tx) => {
    await queries.lockAddresses(tx, customerId);
    const count = await queries.countAddresses(tx, customerId);
    if (count >= ADDRESSES_MAX) throw conflict(AddressMessages.tooMany);
    const created = await queries.insertAddress(tx, customerId, fields, count === 0);
    if (count > 0 && isMain) await queries.setMainAddress(tx, customerId, created.id);
    return { ...created, isMain: count === 0 || isMain };
  });
}

/** Replaces the fields; isMain true makes it main, false never leaves the customer without one. */
async function update(ctx: AddressesContext, customerId: number, { id, isMain, ...input }: UpdateAddress) {
  const fields = await checkedFields(ctx, input);
  return changeOwn(ctx.tx, customerId, id, async (tx) => {
    await queries.updateAddress(tx, customerId, id, fields);
    if (isMain) await queries.setMainAddress(tx, customerId, id);
  });
}

const setMain = (tx: Tx, customerId: number, id: number) =>
  changeOwn(tx, customerId, id, (inner) => queries.setMainAddress(inner, customerId, id));

/** Deleting the main address promotes the newest remaining one. */
async function remove(tx: Tx, customerId: number, id: number): Promise<void> {
  await tx.transaction(async (inner) => {
    await queries.lockAddresses(inner, customerId);
    const deleted = await queries.deleteAddress(inner, customerId, id);
    if (!deleted) throw notFound(AddressMessages.notFound);
    if (!deleted.isMain) return;
    const next = await queries.findNewestAddressId(inner, customerId);
    if (next !== undefined) await queries.setMainAddress(inner, customerId, next);
  });
}

/** The addresses' use cases bound to the app's database; `get` and `removeAll` also run in a caller's `{ tx }`. */
export function createAddressesService({ db, catalogue }: AddressesDeps) {
  const ctx: AddressesContext = { tx: db, catalogue };
  const findAddress = queries.prepareFindAddress(db);
  return {
    /** Outside a caller's transaction by the prepared statement. */
    get: async (customerId: number, id: number, options: { tx?: Tx } = {}) =>
      options.tx ? get(options.tx, customerId, id) : ownAddress((await findAddress.execute({ customerId, id }))[0]),
    list: (customerId: number, page: PageQuery) => list(db, customerId, page),
    create: (customerId: number, input: CreateAddress) => create(ctx, customerId, input),
    update: (customerId: number, input: UpdateAddress) => update(ctx, customerId, input),
    setMain: (customerId: number, id: number) => setMain(db, customerId, id),
    /** Every address of the customer (account deletion). */
    removeAll: (customerId: number, options: { tx?: Tx } = {}) =>
      queries.deleteAllAddresses(options.tx ?? db, customerId),
    remove: (customerId: number, id: number) => remove(db, customerId, id),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
