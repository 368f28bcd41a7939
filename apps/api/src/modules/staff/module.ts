import type { FastifyInstance } from 'fastify';
import { PersonType } from '@bookshop/contracts/enums';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { AuthServices } from '../auth/module.ts';
import type { AvatarStore } from '../customers/avatars.ts';
import { createProfileService } from '../customers/service.ts';
import { staffRoutes } from './routes.ts';
import { createStaffService, toStaffMember } from './service.ts';

/** Staff accounts and roles, and the signed-in staff member's own profile. */
export async function registerStaff(
  app: FastifyInstance,
  { db, auth, avatars }: { db: Database; auth: AuthServices; avatars: AvatarStore },
): Promise<void> {
  const staff = createStaffService({ db });
  // The customers' profile rules for staff accounts (docs/decisions/036).
  const staffProfile = createProfileService({
    personType: PersonType.Internal,
    toProfile: toStaffMember,
    db,
    passwords: auth.passwords,
    accounts: auth.accounts,
    sessions: auth.sessions,
    avatars,
    log: app.log,
  });
  await app.register(staffRoutes, { prefix: API_PREFIX, ...auth, staff, staffProfile });
}
