import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { createStaffNotify, type StaffNotify } from './service.ts';

/** Staff's e-mail of new events (decision 079): no routes, a job and the service others record events with. */
export function registerStaffNotify(deps: {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  staffNotifyEmail: string | undefined;
  publicUrl: string;
}): StaffNotify {
  return createStaffNotify(deps);
}
