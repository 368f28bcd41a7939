import type { Order } from '@bookshop/contracts/orders';
import type { MessageId } from '../../../lib/i18n/i18n.tsx';
import { useOrderWords } from '../lib/order-words.tsx';
import { isFulfillable } from './fulfilment-badge.tsx';
import { orderCard } from './order-details.tsx';

type Step = { name: MessageId; at: string | null; done: boolean };

/** Ordered → Paid → Packed → Shipped → Delivered, each with its time once reached. */
function stepsOf(order: Order): Step[] {
  const firstEvent = (event: 'packed' | 'shipped' | 'delivered') =>
    order.history.find((entry) => entry.event === event)?.at ?? null;
  const lastDelivery = order.history.findLast((entry) => entry.event === 'delivered')?.at ?? null;
  const shipped = ['partially-shipped', 'shipped', 'delivered'].includes(order.fulfilmentStatus);
  const delivered = order.fulfilmentStatus === 'delivered';
  return [
    { name: 'orders.timeline.ordered', at: order.createdAt, done: true },
    { name: 'orders.timeline.paid', at: order.paidAt, done: order.paidAt !== null },
    // An order shipped without being marked packed was packed all the same.
    { name: 'orders.fulfilment.packed', at: firstEvent('packed'), done: order.fulfilmentStatus !== 'unfulfilled' },
    {
      name:
        order.fulfilmentStatus === 'partially-shipped'
          ? 'orders.fulfilment.partiallyShipped'
          : 'orders.fulfilment.shipped',
      at: firstEvent('shipped'),
      done: shipped,
    },
    { name: 'orders.fulfilment.delivered', at: delivered ? lastDelivery : null, done: delivered },
  ];
}

/** Where the order is on its way to the customer; an unpaid (card) or cancelled order is on none. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, dateTime } = useOrderWords();
  if (!isFulfillable(order)) return null;
  const steps = stepsOf(order);
  const current = steps.findLastIndex((step) => step.done);
  return (
    <section aria-labelledby="order-timeline-title" className={orderCard}>
      <h2 id="order-timeline-title" className="text-lg font-bold text-stone-900">
        {t('orders.timeline.title')}
      </h2>
      <ol className="grid gap-3 sm:grid-cols-5">
        {steps.map((step, i) => (
          <li
            key={step.name}
            aria-current={i === current ? 'step' : undefined}
            className={`grid content-start gap-0.5 border-s-4 ps-3 text-sm sm:border-s-0 sm:border-t-4 sm:ps-0 sm:pt-2 ${
              step.done ? 'border-emerald-600' : 'border-stone-200'
            }`}
          >
            <span className={`font-semibold ${step.done ? 'text-stone-900' : 'text-stone-600'}`}>{t(step.name)}</span>
            {step.done && step.at ? (
              <time dateTime={step.at} className="text-stone-700">
                {dateTime(step.at)}
              </time>
            ) : (
              <span className="text-stone-600">{t(step.done ? 'orders.timeline.done' : 'orders.timeline.notYet')}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
