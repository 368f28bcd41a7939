import { and, desc, eq, sql } from 'drizzle-orm';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { countRows, type Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';

/** A staff member's row of the accounts table (auth owns identity; this module owns roles). */
export type StaffRow = typeof accounts.$inferSelect;

const staffWhere = (role?: RoleName) =>
  and(eq(accounts.personType, PersonType.Internal), role === undefined ? undefined : eq(accounts.role, role));

export const countStaff = (tx: Tx, role?: RoleName): Promise<number> => countRows(tx, accounts, staffWhere(role));

export function findStaff(tx: Tx, role: RoleName | undefined, limit: number, offset: number): Promise<StaffRow[]> {
  return tx
    .select()
    .from(accounts)
    .where(staffWhere(role))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(limit)
    .offset(offset);
}

export async function findStaffMember(tx: Tx, id: number): Promise<StaffRow | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.personType, PersonType.Internal)));
  return row;
}

export async function updateRole(tx: Tx, id: number, role: RoleName): Promise<StaffRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}

/**
 * The ids of every Admin, their rows locked for the rest of `tx` (in id order, so two callers
 * cannot deadlock). A role change waits here for any other one in flight, then sees the Admins
 * as that one left them.
 */
export async function lockAdmins(tx: Tx): Promise<number[]> {
  const found = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.personType, PersonType.Internal), eq(accounts.role, RoleName.Admin)))
    .orderBy(accounts.id)
    .for('update');
  return found.map((row) => row.id);
}
