import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PreferredLanguage } from '@bookshop/contracts/auth';

/**
 * Customers and staff, told apart by person type (1 Customer, 2 Internal). One e-mail address
 * or user name may be used once per person type, case-insensitively. Other features point at
 * `accounts.id` for "whose cart / wishlist / address / order".
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    personType: smallint('person_type').notNull(),
    emailAddress: text('email_address').notNull(),
    userName: text('user_name').notNull(),
    /** Customers only. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** argon2id PHC string; null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    /** How the account was created: 1 Local, 2 Google. */
    loginProvider: smallint('login_provider').notNull().default(1),
    /** Google's stable `sub` once the account has signed in with Google. */
    googleSubject: text('google_subject'),
    /** Staff only: Admin, Supervisor, User or New User. */
    role: text('role'),
    imageUrl: text('image_url'),
    ianaZone: text('iana_zone'),
    /** Customers: the language of their e-mails (decision 094). Staff keep the default and read English. */
    preferredLanguage: text('preferred_language').$type<PreferredLanguage>().notNull().default('en'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Set when the customer deleted the account: the row stays (orders point at it), its personal data is gone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.personType, sql`lower(${t.emailAddress})`),
    uniqueIndex('accounts_user_name_key').on(t.personType, sql`lower(${t.userName})`),
    uniqueIndex('accounts_google_subject_key').on(t.googleSubject),
    index('accounts_staff_idx').on(t.personType, t.role, t.createdAt),
    // New customers per dashboard range (decision 033).
    index('accounts_customer_created_idx')
      .on(t.createdAt)
      .where(sql`${t.personType} = 1`),
    check('accounts_person_type_check', sql`${t.personType} in (1, 2)`),
    check('accounts_preferred_language_check', sql`${t.preferredLanguage} in ('en', 'ar')`),
    check('accounts_login_provider_check', sql`${t.loginProvider} in (1, 2)`),
    check(
      'accounts_role_check',
      sql`(${t.personType} = 1 and ${t.role} is null) or (${t.personType} = 2 and ${t.role} in ('Admin', 'Supervisor', 'User', 'New User'))`,
    ),
  ],
);

export type AccountId = typeof accounts.$inferSelect.id;
export const accountIdColumn = (name: string) => integer(name).references(() => accounts.id, { onDelete: 'cascade' });

/**
 * One row per refresh token. A login starts a family; each refresh rotates to a new row of the
 * same family. Presenting a rotated token again revokes the family (docs/decisions/004).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the cookie's value; the value itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A family ends at the latest this long after its login, however often it is refreshed. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The token this one was rotated into. */
    replacedById: integer('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_account_idx').on(t.accountId),
  ],
);

/** Single-use links sent by e-mail: confirm an address, reset a password. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** SHA-256 of the id in the link. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_account_idx').on(t.accountId, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('confirm-email', 'reset-password')`),
  ],
);

/** Nonces of accepted Google sign-ins, so one id token cannot be replayed while it is valid. */
export const googleSignInNonces = pgTable('google_sign_in_nonces', {
  nonceHash: text('nonce_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
