import type { Jobs } from '../../platform/jobs.ts';
import { CheckoutJobKind, RECONCILE_INTERVAL_SECONDS, REFUND_MAX_ATTEMPTS, type CheckoutService } from './service.ts';

/** Session expiry per order, refunds of payments that could not be honoured, and the periodic reconciliation. */
export function registerCheckoutJobs(jobs: Pick<Jobs, 'define' | 'every'>, checkout: CheckoutService) {
  jobs.define<{ orderId: number }>(CheckoutJobKind.Expire, ({ orderId }) => checkout.settle(orderId, { expire: true }));
  jobs.define<{ orderId: number; sessionId: string }>(
    CheckoutJobKind.Refund,
    (payload, job) => checkout.refund(payload, job),
    { maxAttempts: REFUND_MAX_ATTEMPTS },
  );
  jobs.every(CheckoutJobKind.Reconcile, RECONCILE_INTERVAL_SECONDS, () => checkout.reconcile());
}
