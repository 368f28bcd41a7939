import { and, eq, ne, sql } from 'drizzle-orm';
import { PersonType } from '@bookshop/contracts/enums';
import type { Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';

/** A customer's row of the accounts table (auth owns identity; this module owns the profile columns). */
export type CustomerRow = typeof accounts.$inferSelect;

/** The profile columns a customer changes on /account, and what deletion clears. */
export type CustomerChanges = Partial<
  Pick<
    typeof accounts.$inferInsert,
    | 'emailAddress'
    | 'userName'
    | 'firstName'
    | 'lastName'
    | 'imageUrl'
    | 'ianaZone'
    | 'passwordHash'
    | 'googleSubject'
    | 'emailConfirmedAt'
    | 'deletedAt'
  >
>;

export async function findCustomer(tx: Tx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The account row, locked for the rest of `tx` (profile and password changes, deletion). */
export async function lockCustomer(tx: Tx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row;
}

/** Whether another customer uses `userName` (any case); renaming yourself to another case is fine. */
export async function isUserNameTakenByOther(tx: Tx, userName: string, exceptId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.personType, PersonType.Customer),
        sql`lower(${accounts.userName}) = lower(${userName})`,
        ne(accounts.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function updateCustomer(tx: Tx, id: number, values: CustomerChanges): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}
