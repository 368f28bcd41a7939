import { TestModeMessages } from '@bookshop/contracts/payments';
import type { Order } from '@bookshop/contracts/orders';

/** Marks an order placed through the TEST MODE sandbox (decision 060): staff must not ship it as sold. */
export function TestModeBadge({ order }: { order: Pick<Order, 'testMode'> }) {
  if (!order.testMode) return null;
  return (
    <span
      title={TestModeMessages.badgeNote}
      className="inline-flex items-center rounded-full bg-amber-300 px-2.5 py-0.5 font-sans text-xs font-bold text-stone-950 ring-1 ring-amber-500 ring-inset"
    >
      {TestModeMessages.badge}
      <span className="sr-only">{` (${TestModeMessages.badgeNote})`}</span>
    </span>
  );
}
