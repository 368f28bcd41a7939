import { AuthMessages, type StaffMember, type StaffPage, type StaffQuery } from '@bookshop/contracts/auth';
import type { RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';
import type { Database } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as queries from './queries.ts';

export function toStaffMember(account: queries.StaffRow): StaffMember {
  return {
    id: account.id,
    emailAddress: account.emailAddress,
    userName: account.userName,
    imageUrl: account.imageUrl,
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
      return {
        data: found.map(toStaffMember),
        paginationDetails: {
          currentPage: pageNo,
          totalPages: Math.ceil(noOfRecords / pageSize),
          noOfRecords,
          pageSize,
        },
      };
    },

    /**
     * An Admin gives a staff member a role. Admins cannot change their own, so the shop always
     * keeps at least one Admin. The new role reaches the member's token at its next refresh.
     */
    async changeRole(actorId: number, staffId: number, role: RoleName): Promise<StaffMember> {
      if (actorId === staffId) throw conflict(AuthMessages.cannotChangeOwnRole);
      const account = await queries.findStaffMember(db, staffId);
      if (!account) throw notFound(AuthMessages.staffNotFound);
      return toStaffMember((await queries.updateRole(db, staffId, role))!);
    },
  };
}
