import { CheckoutJobKind, RECONCILE_INTERVAL_SECONDS, type CheckoutService } from './service.ts';

/** The parts of the jobs platform (platform/jobs.ts) that run checkout's background work. */
type JobRunner = {
  define<P>(kind: string, handler: (payload: P) => Promise<void>): void;
  every(kind: string, intervalSeconds: number, handler: () => Promise<void>): void;
};

/** Session expiry per order, refunds of payments that could not be honoured, and the periodic reconciliation. */
export function registerCheckoutJobs(jobs: JobRunner, checkout: CheckoutService) {
  jobs.define<{ orderId: number }>(CheckoutJobKind.Expire, ({ orderId }) => checkout.settle(orderId, { expire: true }));
  jobs.define<{ orderId: number; sessionId: string }>(CheckoutJobKind.Refund, (payload) => checkout.refund(payload));
  jobs.every(CheckoutJobKind.Reconcile, RECONCILE_INTERVAL_SECONDS, () => checkout.reconcile());
}
