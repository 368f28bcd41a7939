import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LoggedInUser, PreferredLanguage } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { buildApp } from '../app.ts';
import { insertAccount } from '../modules/auth/queries.ts';
import type { CatalogueService } from '../modules/catalogue/service.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { openPostgres, rows, type Database, type DatabaseHandle } from '../platform/db.ts';
import { createPasswordHasher } from '../platform/password.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The app's own catalogue: books added through it are listed and searched at once. */
  catalogue: CatalogueService;
  close(): Promise<void>;
};

/** The settings every test app runs with, in `dataDir`, plus `env`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    // Tests stand for many clients by setting X-Forwarded-For.
    TRUST_PROXY: 'true',
    ARGON2_COST: 'low',
    // Tests block the event loop on purpose (image generation, PGlite); health.test.ts turns it on.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

/** The real application on its own cloned database and data directory. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-test-'));
  const config = testConfig(dataDir, env);
  // The production timeouts, so a test sees what a customer would.
  const database = await createTestDatabase(config.dbTimeouts);
  const app = await buildApp({ config, db: database.db });
  return {
    app,
    db: database.db,
    config,
    catalogue: app.catalogue,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type SecondInstance = { app: FastifyInstance; handle: DatabaseHandle; close(): Promise<void> };

/**
 * A second API instance with its own connection pool on the test app's PostgreSQL database, as
 * two servers behind a load balancer. `quietJobs` stops both instances' job workers, so only the
 * test's `jobs.runDue()` runs jobs and a mail cannot be in flight on the other instance.
 */
export async function secondInstance(t: TestApp, options: { quietJobs?: boolean } = {}): Promise<SecondInstance> {
  const [{ name }] = (await rows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 4, t.config.dbTimeouts);
  const app = await buildApp({ config: t.config, db: handle.db });
  if (options.quietJobs) {
    for (const instance of [t.app, app]) {
      await instance.ready();
      await instance.jobs.stop();
    }
  }
  return {
    app,
    handle,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** Asserts a 400 problem+json naming `field` with `message` (or any message when omitted). */
export function expectValidationError(res: LightMyRequestResponse, field: string, message?: string) {
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  const problem = res.json<{ errors: Record<string, string[]> }>();
  expect(problem.errors, `errors of ${res.body}`).toHaveProperty(field);
  if (message) expect(problem.errors[field]).toContain(message);
}

/** A confirmed account made for a test, logged in through the real login endpoint. */
export type TestAccount = {
  id: number;
  personType: PersonType;
  emailAddress: string;
  userName: string;
  password: string;
  /** Access token of the account's session. */
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject({ headers })`. */
  headers: { authorization: string };
  /** `bookshop_refresh=…`, for a `cookie` header to the session endpoints. */
  refreshCookie: string;
};

type AccountOverrides = Partial<{
  emailAddress: string;
  userName: string;
  firstName: string;
  lastName: string;
  password: string;
  /** Customers: the language of their e-mails (English when left out). */
  preferredLanguage: PreferredLanguage;
}>;

const testPasswords = createPasswordHasher('low');
export const TEST_PASSWORD = 'Secret-pass1';

let ipCounter = randomBytes(3).readUIntBE(0, 3);
/** A fresh client address (X-Forwarded-For), so per-IP rate limits see each test's calls apart. */
export function uniqueIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Logs an account in through POST v1/customers/login or v1/users/login, from its own IP. */
export async function loginAs(t: TestApp, account: Pick<TestAccount, 'personType' | 'emailAddress' | 'password'>) {
  const path = account.personType === PersonType.Customer ? '/api/v1/customers/login' : '/api/v1/users/login';
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'x-forwarded-for': uniqueIp() },
    payload: { emailAddress: account.emailAddress, password: account.password },
  });
  if (res.statusCode !== 200) throw new Error(`login of ${account.emailAddress} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'bookshop_refresh');
  const user = res.json<LoggedInUser>();
  return { user, token: user.token, refreshCookie: `bookshop_refresh=${cookie?.value ?? ''}` };
}

async function createTestAccount(
  t: TestApp,
  personType: PersonType,
  role: RoleName | null,
  overrides: AccountOverrides,
): Promise<TestAccount> {
  const unique = randomBytes(5).toString('hex');
  const password = overrides.password ?? TEST_PASSWORD;
  const account = await insertAccount(t.db, {
    personType,
    role,
    emailAddress:
      overrides.emailAddress ?? `${personType === PersonType.Customer ? 'customer' : 'staff'}-${unique}@example.com`,
    userName: overrides.userName ?? `user-${unique}`,
    firstName: personType === PersonType.Customer ? (overrides.firstName ?? 'Test') : null,
    lastName: personType === PersonType.Customer ? (overrides.lastName ?? 'Customer') : null,
    passwordHash: await testPasswords.hash(password),
    emailConfirmedAt: new Date(),
    ...(overrides.preferredLanguage && { preferredLanguage: overrides.preferredLanguage }),
  });
  const session = await loginAs(t, { personType, emailAddress: account.emailAddress, password });
  return {
    id: account.id,
    personType,
    emailAddress: account.emailAddress,
    userName: account.userName,
    password,
    token: session.token,
    headers: { authorization: `Bearer ${session.token}` },
    refreshCookie: session.refreshCookie,
  };
}

/** A confirmed, logged-in customer; call twice for "another customer's" tests. */
export function createCustomer(t: TestApp, overrides: AccountOverrides = {}): Promise<TestAccount> {
  return createTestAccount(t, PersonType.Customer, null, overrides);
}

/** A confirmed, logged-in staff member with `role` (default User). */
export function createStaff(
  t: TestApp,
  role: RoleName = RoleName.User,
  overrides: AccountOverrides = {},
): Promise<TestAccount> {
  return createTestAccount(t, PersonType.Internal, role, overrides);
}

/** Asserts a problem+json answer with `status` (and `title` when given). */
export function expectProblem(res: LightMyRequestResponse, status: number, title?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  if (title) expect(res.json<{ title?: string }>().title).toBe(title);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the app as a logged-in test account, or as a guest when `who` is undefined. */
export const callAs = (
  t: TestApp,
  method: Method,
  url: string,
  who?: { headers: Record<string, string> },
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: who?.headers, ...(payload !== undefined && { payload: payload as object }) });

type NewBook = Parameters<TestApp['catalogue']['createBook']>[0];
let nextIsbn = 9780000000000;

/** A book for `catalogue.createBook` with plain defaults (Dhs 40.00, 5 in stock, Jane Austen, Romance). */
export const testBook = (overrides: Partial<NewBook> & { title: string }): NewBook => ({
  description: `About ${overrides.title}`,
  isbn: String(nextIsbn++),
  priceFils: 4000,
  discountPercentage: 0,
  stockQuantity: 5,
  nextDayEligible: false,
  authorNames: ['Jane Austen'],
  genreNames: ['Romance'],
  imageKeys: [],
  ...overrides,
});
