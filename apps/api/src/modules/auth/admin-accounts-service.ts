import { PersonType, RoleName } from '@bookshop/contracts/enums';
import type { Database, Tx } from '../../platform/db.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import * as queries from './queries.ts';

type Deps = { db: Database; passwords: PasswordHasher };

/**
 * `npm run create-admin`: makes a confirmed Admin, or promotes the staff account that already
 * uses the address (and sets its password), so the command can also recover a lost admin.
 */
export async function ensureAdmin(
  { db, passwords }: Deps,
  input: { emailAddress: string; password: string; userName?: string },
): Promise<{ account: queries.Account; created: boolean }> {
  const passwordHash = await passwords.hash(input.password);
  return db.transaction(async (tx) => {
    const existing = await queries.findAccountByEmail(tx, PersonType.Internal, input.emailAddress);
    if (existing) {
      const account = await queries.updateAccount(tx, existing.id, {
        role: RoleName.Admin,
        passwordHash,
        emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
      });
      return { account: account!, created: false };
    }
    let userName = input.userName ?? input.emailAddress.split('@')[0]!.slice(0, 40).padEnd(4, '0');
    if (await queries.isUserNameTaken(tx, PersonType.Internal, userName))
      userName = `${userName}-${Date.now() % 10_000}`;
    const account = await queries.insertAccount(tx, {
      personType: PersonType.Internal,
      role: RoleName.Admin,
      emailAddress: input.emailAddress,
      userName,
      passwordHash,
      emailConfirmedAt: new Date(),
    });
    return { account, created: true };
  });
}

/** The documented demo accounts of SEED=demo (README and docs/decisions/003). */
export const DEMO_ACCOUNTS = {
  admin: { emailAddress: 'admin@bookshop.local', userName: 'demo-admin', password: 'Demo-admin1!' },
  customer: {
    emailAddress: 'customer@bookshop.local',
    userName: 'demo-customer',
    password: 'Demo-customer1!',
    firstName: 'Demo',
    lastName: 'Customer',
  },
} as const;

/** Adds the demo Admin and demo customer where missing; returns the addresses it created. */
export async function seedDemoAccounts({ db, passwords }: Deps): Promise<string[]> {
  const created: string[] = [];
  const { admin, customer } = DEMO_ACCOUNTS;
  if (!(await queries.findAccountByEmail(db, PersonType.Internal, admin.emailAddress))) {
    await ensureAdmin({ db, passwords }, admin);
    created.push(admin.emailAddress);
  }
  if (!(await queries.findAccountByEmail(db, PersonType.Customer, customer.emailAddress))) {
    await queries.insertAccount(db, {
      personType: PersonType.Customer,
      emailAddress: customer.emailAddress,
      userName: customer.userName,
      firstName: customer.firstName,
      lastName: customer.lastName,
      passwordHash: await passwords.hash(customer.password),
      emailConfirmedAt: new Date(),
    });
    created.push(customer.emailAddress);
  }
  return created;
}

/** A demo person: a customer account without a password (no one signs in as them). */
export type SeedCustomer = { emailAddress: string; userName: string; firstName: string; lastName: string };

/**
 * The customers' account ids in `people`'s order, each created where missing as confirmed and
 * registered at `since`, in the caller's transaction (the demo seed's readers).
 */
export async function ensureSeedCustomers(tx: Tx, people: readonly SeedCustomer[], since: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const person of people) {
    const existing = await queries.findAccountByEmail(tx, PersonType.Customer, person.emailAddress);
    const account =
      existing ??
      (await queries.insertAccount(tx, {
        ...person,
        personType: PersonType.Customer,
        passwordHash: null,
        emailConfirmedAt: since,
        createdAt: since,
        updatedAt: since,
      }));
    ids.push(account.id);
  }
  return ids;
}
