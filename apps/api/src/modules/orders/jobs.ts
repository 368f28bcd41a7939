import type { Jobs } from '../../platform/jobs.ts';
import { FULFILMENT_MAIL_JOB, type Fulfilment, type FulfilmentMailJob } from './fulfilment.ts';
import { RETURN_REFUND_JOB, type Returns } from './returns.ts';
import { REFUND_JOB, REFUND_MAX_ATTEMPTS, type OrderLifecycle } from './lifecycle.ts';

/** Refunds of cancelled orders' payments and of received returns, retried with backoff; the fulfilment mails, queued once each. */
export function registerOrderJobs(
  jobs: Pick<Jobs, 'define'>,
  lifecycle: Pick<OrderLifecycle, 'refund'>,
  fulfilment: Pick<Fulfilment, 'queueMail'>,
  returns: Pick<Returns, 'refund'>,
) {
  jobs.define<{ orderId: number; sessionId: string }>(REFUND_JOB, (payload, job) => lifecycle.refund(payload, job), {
    maxAttempts: REFUND_MAX_ATTEMPTS,
  });
  jobs.define<FulfilmentMailJob>(FULFILMENT_MAIL_JOB, (payload) => fulfilment.queueMail(payload));
  jobs.define<{ returnId: number }>(RETURN_REFUND_JOB, (payload, job) => returns.refund(payload, job), {
    maxAttempts: REFUND_MAX_ATTEMPTS,
  });
}
