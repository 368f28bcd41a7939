import type { Jobs } from '../../platform/jobs.ts';
import { REFUND_JOB, REFUND_MAX_ATTEMPTS, type OrderLifecycle } from './lifecycle.ts';

/** Refunds of cancelled orders' payments, retried with backoff. */
export function registerOrderJobs(jobs: Pick<Jobs, 'define'>, lifecycle: Pick<OrderLifecycle, 'refund'>) {
  jobs.define<{ orderId: number; sessionId: string }>(REFUND_JOB, (payload, job) => lifecycle.refund(payload, job), {
    maxAttempts: REFUND_MAX_ATTEMPTS,
  });
}
