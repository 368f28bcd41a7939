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
import type { Tx } from '../../platform/db.ts';
import { HttpProblem, conflict, notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import * as queries from './queries.ts';

export type AddressesDeps = { db: Tx; catalogue: Pick<CatalogueService, 'getCountry'> };

const invalid = (field: string, message: string) =>
  new HttpProblem(400, 'Validation Failed', `Invalid value for ${field}.`, { [field]: [message] });

const toAddress = (row: queries.AddressRow): Address => ({
  id: row.id,
  address: row.address,
  country: row.country,
  city: row.city,
  phoneNo: row.phone_no,
  zipCode: row.zip_code,
  isMain: row.is_main,
});

export function createAddressesService({ db, catalogue }: AddressesDeps) {
  /**
   * The schema knows the shape of a code; only the database knows which countries the shop
   * lists. The phone is judged once the country is known good, so a client that skipped the
   * shared schema (or a country without numbering rules) is held to the same rule.
   */
  async function checkedFields<T extends queries.AddressFields>(fields: T): Promise<T> {
    if (!(await catalogue.getCountry(fields.country))) throw invalid('country', AddressMessages.countryInvalid);
    const phoneNo = normalizePhoneNumber(fields.phoneNo, fields.country);
    if (phoneNo === undefined) throw invalid('phoneNo', AddressMessages.phoneInvalid(fields.country));
    return { ...fields, phoneNo };
  }

  /** 404 unless the address is this customer's. */
  async function get(customerId: number, id: number, options: { tx?: Tx } = {}): Promise<Address> {
    const row = await queries.findAddress(options.tx ?? db, customerId, id);
    if (!row) throw notFound(AddressMessages.notFound);
    return toAddress(row);
  }

  return {
    get,

    async list(customerId: number, { pageNo, pageSize }: PageQuery): Promise<AddressPage> {
      const [noOfRecords, found] = await Promise.all([
        queries.countAddresses(db, customerId),
        queries.pageAddresses(db, customerId, pageSize, (pageNo - 1) * pageSize),
      ]);
      return toPage(found.map(toAddress), noOfRecords, { pageNo, pageSize });
    },

    /** The first address is main whatever isMain says; a later one is main only when asked. */
    async create(customerId: number, { isMain, ...input }: CreateAddress): Promise<Address> {
      const fields = await checkedFields(input);
      const row = await db.transaction(async (tx) => {
        await queries.lockAddresses(tx, customerId);
        const count = await queries.countAddresses(tx, customerId);
        if (count >= ADDRESSES_MAX) throw conflict(AddressMessages.tooMany);
        const created = await queries.insertAddress(tx, customerId, fields, count === 0);
        if (count > 0 && isMain) await queries.setMainAddress(tx, customerId, created.id);
        return { ...created, is_main: count === 0 || isMain };
      });
      return toAddress(row);
    },

    /** Replaces the fields; isMain true makes it main, false never leaves the customer without one. */
    async update(customerId: number, { id, isMain, ...input }: UpdateAddress): Promise<Address> {
      const fields = await checkedFields(input);
      await db.transaction(async (tx) => {
        await queries.lockAddresses(tx, customerId);
        if (!(await queries.findAddress(tx, customerId, id))) throw notFound(AddressMessages.notFound);
        await queries.updateAddress(tx, customerId, id, fields);
        if (isMain) await queries.setMainAddress(tx, customerId, id);
      });
      return get(customerId, id);
    },

    async setMain(customerId: number, id: number): Promise<Address> {
      await db.transaction(async (tx) => {
        await queries.lockAddresses(tx, customerId);
        if (!(await queries.findAddress(tx, customerId, id))) throw notFound(AddressMessages.notFound);
        await queries.setMainAddress(tx, customerId, id);
      });
      return get(customerId, id);
    },

    /** Every address of the customer (account deletion). */
    async removeAll(customerId: number, options: { tx?: Tx } = {}): Promise<void> {
      await queries.deleteAllAddresses(options.tx ?? db, customerId);
    },

    /** Deleting the main address promotes the newest remaining one. */
    async remove(customerId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await queries.lockAddresses(tx, customerId);
        const deleted = await queries.deleteAddress(tx, customerId, id);
        if (!deleted) throw notFound(AddressMessages.notFound);
        if (!deleted.is_main) return;
        const next = await queries.findNewestAddressId(tx, customerId);
        if (next !== undefined) await queries.setMainAddress(tx, customerId, next);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
