import type { Jobs } from '../../platform/jobs.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import { CheckoutJobKind, RECONCILE_INTERVAL_SECONDS } from './service.ts';

/** Session expiry per order and the periodic reconciliation; what each does to the order is orders' lifecycle. */
export function registerCheckoutJobs(
  jobs: Pick<Jobs, 'define' | 'every'>,
  lifecycle: Pick<OrderLifecycle, 'settle' | 'settlePending'>,
) {
  jobs.define<{ orderId: number }>(CheckoutJobKind.Expire, ({ orderId }) =>
    lifecycle.settle(orderId, { expire: true }),
  );
  jobs.every(CheckoutJobKind.Reconcile, RECONCILE_INTERVAL_SECONDS, () => lifecycle.settlePending());
}
