import { useEffect, useRef } from 'react';
import type { Order } from '@bookshop/contracts/orders';

/** Calls `onChange` once per status the page sees (not on every poll), so caches refresh once. */
export function useOrderChanges(order: Order | undefined, onChange: (order: Order) => void) {
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!order || seen.current === order.status) return;
    seen.current = order.status;
    onChange(order);
  }, [order, onChange]);
}
