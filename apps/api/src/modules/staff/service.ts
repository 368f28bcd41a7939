import { AuthMessages, type StaffMember, type StaffPage, type StaffQuery } from '@bookshop/contracts/auth';
import { toPage } from '@bookshop/contracts/pagination';
import { RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';
import type { Database } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { accountIdentity } from '../auth/accounts-service.ts';
import * as queries from './queries.ts';

export function toStaffMember(account: queries.StaffRow): StaffMember {
  return {
    ...accountIdentity(account),
    role: account.role as RoleName,
    permissions: permissionsOf(account.role as RoleName),
    emailConfirmed: account.emailConfirmedAt !== null,
    createdAt: account.createdAt.toISOString(),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/** Staff members and their roles (docs/decisions/003-accounts-roles-and-permissions.md). */
export function createStaffService({ db }: { db: Database }) {
  return {
    async getStaffMember(id: number): Promise<StaffMember> {
      const account = await queries.findStaffMember(db, id);
      if (!account) throw notFound(AuthMessages.staffNotFound);
      return toStaffMember(account);
    },

    async listStaff(query: StaffQuery): Promise<StaffPage> {
      const { pageNo, pageSize, role } = query;
      const [noOfRecords, found] = await Promise.all([
        queries.countStaff(db, role),
        queries.findStaff(db, role, pageSize, (pageNo - 1) * pageSize),
      ]);
      return toPage(found.map(toStaffMember), noOfRecords, query);
    },

    /**
     * An Admin gives a staff member a role. Admins cannot change their own, and the last Admin
     * cannot be demoted (409), even by two Admins demoting each other at the same moment: every
     * change runs with the Admin rows locked, and checks then that the caller is still an Admin.
     * The member's next request has the new role; their token shows it at its next refresh.
     */
    async changeRole(actorId: number, staffId: number, role: RoleName): Promise<StaffMember> {
      if (actorId === staffId) throw conflict(AuthMessages.cannotChangeOwnRole);
      return db.transaction(async (tx) => {
        const admins = await queries.lockAdmins(tx);
        const account = await queries.findStaffMember(tx, staffId);
        if (!account) throw notFound(AuthMessages.staffNotFound);
        const demotesAdmin = account.role === RoleName.Admin && role !== RoleName.Admin;
        if (demotesAdmin && admins.every((id) => id === staffId)) throw conflict(AuthMessages.lastAdmin);
        // Only Admins manage staff; the caller may have been demoted since the guard looked.
        if (!admins.includes(actorId)) throw forbidden(AuthMessages.permissionMissing);
        return toStaffMember((await queries.updateRole(tx, staffId, role))!);
      });
    },
  };
}
