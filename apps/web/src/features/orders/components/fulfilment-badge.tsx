import { OrderStatus } from '@bookshop/contracts/enums';
import type { FulfilmentStatus } from '@bookshop/contracts/fulfilment';
import type { Order } from '@bookshop/contracts/orders';
import { useOrderWords } from '../lib/order-words.tsx';

const styles: Record<FulfilmentStatus, string> = {
  unfulfilled: 'bg-stone-100 text-stone-800 ring-stone-300',
  packed: 'bg-sky-100 text-sky-950 ring-sky-300',
  'partially-shipped': 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  shipped: 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  delivered: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
};

/** Whether the order is on its way to being sent: paid, or cash on delivery and not cancelled. */
export const isFulfillable = (order: Pick<Order, 'status' | 'paymentMethod'>) =>
  order.status === OrderStatus.Completed || (order.paymentMethod === 'cod' && order.status === OrderStatus.Pending);

/** Where the parcel is, in words (colour only repeats it); nothing for an unpaid or cancelled order. */
export function FulfilmentBadge({
  order,
}: {
  order: Pick<Order, 'status' | 'paymentMethod' | 'fulfilmentStatus' | 'fulfilmentStatusName'>;
}) {
  const { name } = useOrderWords();
  if (!isFulfillable(order)) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-sans text-xs font-bold ring-1 ring-inset ${styles[order.fulfilmentStatus]}`}
    >
      {name(order.fulfilmentStatusName)}
    </span>
  );
}
