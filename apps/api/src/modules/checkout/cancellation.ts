import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '@bookshop/contracts/enums';
import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { OrderMessages, orderNumber, type ChangeOrderStatus, type StaffOrder } from '@bookshop/contracts/orders';
import type { Database, Tx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mailer.ts';
import { releaseStock } from '../catalogue/stock.ts';
import * as orderQueries from '../orders/queries.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { ProviderUnavailableError } from '../payments/provider.ts';
import * as queries from './queries.ts';
import { PaymentsUnavailableProblem, type CheckoutService } from './service.ts';

/**
 * Staff cancel an order (`PATCH v1/orders/{id}/status`, decision 033). A Pending order's session
 * is expired at the provider first, as the customer's cancel does; a payment that won the race
 * is fulfilled and the order is then cancelled as a paid one. The change itself runs under the
 * order's row lock, so two staff pressing Cancel at once make one cancellation, one stock
 * return, one refund and one e-mail; the second is told the order is already cancelled.
 */
export function createOrderCancellation(deps: {
  db: Database;
  provider: PaymentProvider;
  checkout: Pick<CheckoutService, 'fulfil' | 'enqueueRefund'>;
  orders: Pick<OrdersService, 'getForStaff'>;
  jobs: { wake(): void };
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, provider, checkout, orders, jobs, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Expires a Pending order's session; a session paid meanwhile completes the order first. */
  async function stopPayment(order: orderQueries.OrderRow) {
    if (order.status !== OrderStatus.Pending || !order.providerSessionId) return;
    try {
      const session = await provider.expireSession(order.providerSessionId);
      if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
        await checkout.fulfil(order.id, session);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        log.warn({ err: error, orderId: order.id }, 'orders: could not expire the session before cancelling');
        throw new PaymentsUnavailableProblem();
      }
      throw error;
    }
  }

  return {
    async cancel(orderId: number, { reason }: ChangeOrderStatus, staffId: number): Promise<StaffOrder> {
      const before = await orderQueries.findOrder(db, orderId);
      if (!before) throw notFound(OrderMessages.notFound);
      if (before.status === OrderStatus.Cancelled) throw conflict(OrderMessages.alreadyCancelled);
      await stopPayment(before);

      await db.transaction(async (tx) => {
        const order = await orderQueries.findOrder(tx, orderId, { lock: true });
        if (!order) throw notFound(OrderMessages.notFound);
        if (order.status === OrderStatus.Cancelled) throw conflict(OrderMessages.alreadyCancelled);
        const paid = order.status === OrderStatus.Completed;
        const items = await orderQueries.listItems(tx, [orderId]);
        const at = now();
        await orderQueries.setStatus(tx, orderId, OrderStatus.Cancelled, at, {
          cancelledAt: at,
          cancelReason: reason,
          cancelledBy: staffId,
          ...(paid && { refundStatus: 'pending' as const }),
        });
        // Reserved copies of an unpaid order, or sold copies of a paid one: either way back to stock.
        await releaseStock(tx, items);
        if (paid) {
          if (!order.providerSessionId) throw new Error(`paid order ${orderId} has no provider session`);
          await checkout.enqueueRefund(tx, orderId, order.providerSessionId);
        }
        const email = await queries.customerEmail(tx, order.customerId);
        if (email) await mailer.enqueue(tx, cancellationMail(email, order, reason, paid));
      });
      jobs.wake();
      mailer.wake();
      return orders.getForStaff(orderId);
    },
  };
}

function cancellationMail(to: string, order: orderQueries.OrderRow, reason: string, paid: boolean): Mail {
  const number = orderNumber(order.id);
  const amount = formatPrice(filsToAed(order.totalFils));
  const text = [
    `We have cancelled your order ${number}.`,
    '',
    `Reason: ${reason}`,
    '',
    paid
      ? `We are refunding ${amount} to the card you paid with. Refunds usually reach your account within 5 to 10 business days.`
      : `You were not charged for this order (${amount}).`,
    '',
    'If you have any questions, reply to this e-mail or contact our support.',
  ].join('\n');
  return {
    to,
    subject: paid ? `Your order ${number} is cancelled and refunded` : `Your order ${number} is cancelled`,
    text,
  };
}
