import { and, count, desc, eq, sql } from 'drizzle-orm';
import { PersonType, type RoleName } from '@bookshop/contracts/enums';
import type { Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';

/** A staff member's row of the accounts table (auth owns identity; this module owns roles). */
export type StaffRow = typeof accounts.$inferSelect;

const staffWhere = (role?: RoleName) =>
  and(eq(accounts.personType, PersonType.Internal), role === undefined ? undefined : eq(accounts.role, role));

export async function countStaff(tx: Tx, role?: RoleName): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(accounts).where(staffWhere(role));
  return Number(row?.n ?? 0);
}

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
