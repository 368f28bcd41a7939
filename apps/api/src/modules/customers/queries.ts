import { and, eq, ne, sql } from 'drizzle-orm';
import type { PersonType } from '@bookshop/contracts/enums';
import type { Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';

/**
 * A row of the accounts table (auth owns identity; this module owns the profile columns of
 * customers on /account and of staff on their admin profile).
 */
export type AccountRow = typeof accounts.$inferSelect;

/** The profile columns an account holder changes, and what a customer's deletion clears. */
export type ProfileChanges = Partial<
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

export async function findAccount(tx: Tx, id: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The account row, locked for the rest of `tx` (profile and password changes, deletion). */
export async function lockAccount(tx: Tx, id: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row;
}

/**
 * Whether another account of the same person type uses `userName` (any case; a customer and a
 * staff member may share one, as at registration); renaming yourself to another case is fine.
 */
export async function isUserNameTakenByOther(
  tx: Tx,
  personType: PersonType,
  userName: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.personType, personType),
        sql`lower(${accounts.userName}) = lower(${userName})`,
        ne(accounts.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function updateAccount(tx: Tx, id: number, values: ProfileChanges): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}
