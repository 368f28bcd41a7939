import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Emirate } from '@bookshop/contracts/emirates';
import { accountIdColumn } from '../auth/schema.ts';
import { countries } from '../catalogue/schema.ts';

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    // Deleting an account deletes its addresses (personal data).
    customerId: accountIdColumn('customer_id').notNull(),
    address: text('address').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country')
      .notNull()
      .references(() => countries.code, { onDelete: 'restrict' }),
    city: text('city').notNull(),
    /** E.164. */
    phoneNo: text('phone_no').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    /** One of EMIRATES for a UAE address, chosen or derived from the city; null: not given (decision 079). */
    emirate: text('emirate').$type<Emirate>(),
    /** Whom the courier hands the parcel to; null: the customer. */
    recipientName: text('recipient_name'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId, t.createdAt),
    // At most one main address per customer, whatever the application does.
    uniqueIndex('customer_addresses_one_main_key')
      .on(t.customerId)
      .where(sql`${t.isMain}`),
    check('customer_addresses_address_length_check', sql`char_length(${t.address}) between 1 and 200`),
    check('customer_addresses_city_length_check', sql`char_length(${t.city}) between 1 and 100`),
    check('customer_addresses_zip_code_length_check', sql`char_length(${t.zipCode}) <= 20`),
    check(
      'customer_addresses_emirate_check',
      sql`${t.emirate} in ('Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah')`,
    ),
    check('customer_addresses_recipient_name_length_check', sql`char_length(${t.recipientName}) between 1 and 100`),
  ],
);
