import type { ReactNode } from 'react';
import { ORDER_STATUS_NAMES, CancelReasons } from '@bookshop/contracts/orders';
import { FULFILMENT_EVENT_NAMES, FULFILMENT_STATUS_NAMES } from '@bookshop/contracts/fulfilment';
import { RETURN_STATUS_NAMES } from '@bookshop/contracts/returns';
import { CHECKOUT_SESSION_MINUTES } from '@bookshop/contracts/checkout';
import { DeliveryMessages } from '@bookshop/contracts/delivery';
import { formatShopTimeIn } from '@bookshop/contracts/shop-clock';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useLocale, useT, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { titleIn } from '../../../lib/i18n/catalogue-text.ts';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';

/*
 * The API names an order's statuses, steps, returns and delivery method in English (the spec's
 * words, which English pages show as they come). An Arabic page shows the name that English one
 * stands for; a name the shop does not know (a newer API) is shown as it came.
 */
const NAMES: Record<string, MessageId> = {
  [ORDER_STATUS_NAMES[1]]: 'orders.status.pending',
  [ORDER_STATUS_NAMES[2]]: 'orders.status.completed',
  [ORDER_STATUS_NAMES[3]]: 'orders.status.cancelled',
  [FULFILMENT_STATUS_NAMES.unfulfilled]: 'orders.fulfilment.unfulfilled',
  [FULFILMENT_STATUS_NAMES.packed]: 'orders.fulfilment.packed',
  [FULFILMENT_STATUS_NAMES['partially-shipped']]: 'orders.fulfilment.partiallyShipped',
  [FULFILMENT_STATUS_NAMES.shipped]: 'orders.fulfilment.shipped',
  [FULFILMENT_STATUS_NAMES.delivered]: 'orders.fulfilment.delivered',
  [FULFILMENT_EVENT_NAMES.packed]: 'orders.fulfilment.packed',
  [FULFILMENT_EVENT_NAMES.shipped]: 'orders.fulfilment.shipped',
  [FULFILMENT_EVENT_NAMES.delivered]: 'orders.fulfilment.delivered',
  [RETURN_STATUS_NAMES.requested]: 'orders.return.requested',
  [RETURN_STATUS_NAMES.approved]: 'orders.return.approved',
  [RETURN_STATUS_NAMES.rejected]: 'orders.return.rejected',
  [RETURN_STATUS_NAMES.received]: 'orders.return.received',
  [DeliveryMessages.standardName]: 'orders.delivery.standard',
  [DeliveryMessages.nextDayName]: 'orders.delivery.nextDay',
};

/** The shop's own cancellation reasons (decision 072); what staff typed is shown as typed. */
const CANCEL_REASONS: Record<string, MessageId> = {
  [CancelReasons.expired]: 'orders.cancelReason.expired',
  [CancelReasons.byCustomer]: 'orders.cancelReason.byCustomer',
  [CancelReasons.paymentPageLeft]: 'orders.cancelReason.paymentPageLeft',
  [CancelReasons.paymentFailed]: 'orders.cancelReason.paymentFailed',
  [CancelReasons.replaced]: 'orders.cancelReason.replaced',
};

/** An order's words in the page's language: names the API sends, book titles, times. */
export function useOrderWords() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const rich = useRichT();
  const arabic = locale === 'ar';
  return {
    t,
    locale,
    ...format,
    /** 'Completed', 'Shipped', 'Return requested', 'Standard Delivery'… as the API wrote them. */
    name: (english: string) => (arabic && NAMES[english] ? t(NAMES[english]) : english),
    cancelReason: (reason: string) =>
      arabic && CANCEL_REASONS[reason] ? t(CANCEL_REASONS[reason], { minutes: CHECKOUT_SESSION_MINUTES }) : reason,
    /** The title the order was placed with, in Arabic when the book had one (decision 090). */
    title: (item: { title: string; titleAr?: string | null }) => titleIn(locale, item),
    /** '3:05 PM', or '3:05 م' on Arabic pages. */
    time: (value: string) => formatShopTimeIn(locale, value),
    /** A message with one element in it: `rich('orders.order.placed', 'date', <time>…</time>)`. */
    rich: (id: MessageId, slot: string, node: ReactNode, values: Record<string, string | number> = {}) =>
      rich(id, { ...values, [slot]: node }),
  };
}
