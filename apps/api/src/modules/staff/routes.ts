import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateStaffSchema } from '@bookshop/contracts/account';
import {
  AccountIdParamsSchema,
  type StaffMember,
  ChangeRoleSchema,
  StaffMemberSchema,
  StaffPageSchema,
  StaffQuerySchema,
  StaffRegisterSchema,
} from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requireInternal, requirePermission, userOf } from '../../platform/auth.ts';
import { accountRoutes, type AuthRouteServices } from '../auth/account-routes.ts';
import { profileFormSchema, profileRoutes } from '../customers/profile-routes.ts';
import type { ProfileService } from '../customers/service.ts';
import { toStaffMember, type StaffService } from './service.ts';

const tags = ['staff'];

export type StaffRoutesOptions = AuthRouteServices & {
  staff: StaffService;
  /** The signed-in staff member's own profile and password (the customers' rules, decision 036). */
  staffProfile: ProfileService<StaffMember>;
};

const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Staff (person type Internal) accounts and roles under /v1/users. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { accounts, sessions, cookies, staff, staffProfile },
) => {
  await app.register(accountRoutes, {
    prefix: '/v1/users',
    personType: PersonType.Internal,
    tags,
    accounts,
    sessions,
    cookies,
    registration: {
      summary: 'Registers a staff member with the role New User and mails a confirmation link',
      body: StaffRegisterSchema,
      response: StaffMemberSchema,
      toResponse: toStaffMember,
      limitName: 'staff',
    },
  });

  app.get(
    '/v1/users',
    {
      schema: {
        tags,
        summary: 'A page of staff, newest first (Admin only)',
        querystring: StaffQuerySchema,
        response: { 200: StaffPageSchema, 400: ProblemSchema, ...guarded },
      },
      onRequest: [requirePermission(Permission.ManageStaff)],
    },
    (request) => staff.listStaff(request.query),
  );

  app.get(
    '/v1/users/me',
    {
      schema: {
        tags,
        summary: 'The signed-in staff member, New User included (the waiting page polls it)',
        response: { 200: StaffMemberSchema, 404: ProblemSchema, ...guarded },
      },
      onRequest: [requireInternal],
    },
    (request) => staff.getStaffMember(userOf(request).id),
  );

  app.patch(
    '/v1/users/:id/role',
    {
      schema: {
        tags,
        summary: "Gives a staff member a role (Admin only; not one's own). Takes effect at the member's next request",
        description: "409 for one's own role, and for demoting the last Admin.",
        params: AccountIdParamsSchema,
        body: ChangeRoleSchema,
        response: { 200: StaffMemberSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
      onRequest: [requirePermission(Permission.ManageStaff)],
    },
    (request) => staff.changeRole(userOf(request).id, request.params.id, request.body.role),
  );

  // Any staff member, New User included, edits their own profile: the path has no id (decision 036).
  await app.register(profileRoutes, {
    path: '/v1/users',
    guard: requireInternal,
    limitName: 'staff',
    tags,
    form: profileFormSchema(UpdateStaffSchema),
    profile: StaffMemberSchema,
    profiles: staffProfile,
    summaries: {
      update: "Saves the signed-in staff member's profile: names, user name and avatar (any role, New User included)",
      changePassword: "Changes the signed-in staff member's password; every other session of the account ends",
    },
  });
};
