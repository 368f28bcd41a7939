import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { useOrderWords } from '../lib/order-words.tsx';

const styles: Record<number, string> = {
  [OrderStatus.Pending]: 'bg-amber-100 text-amber-950 ring-amber-300',
  [OrderStatus.Completed]: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  [OrderStatus.Cancelled]: 'bg-stone-200 text-stone-800 ring-stone-300',
};

/** The order's status in words (colour only repeats it, WCAG 1.4.1). */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'statusName'> }) {
  const { name } = useOrderWords();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 font-sans py-0.5 text-xs font-bold ring-1 ring-inset ${styles[order.status] ?? styles[OrderStatus.Pending]}`}
    >
      {name(order.statusName)}
    </span>
  );
}
