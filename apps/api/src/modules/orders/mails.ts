import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { orderNumber } from '@bookshop/contracts/orders';
import type { Mail } from '../../platform/mailer.ts';
import type { OrderItemRow, OrderRow } from './queries.ts';

const money = (fils: number) => formatPrice(filsToAed(fils));

/** Sent in the transaction that completes the order. */
export function confirmationMail(to: string, order: OrderRow, items: OrderItemRow[]): Mail {
  const number = orderNumber(order.id);
  const lines = items.map(
    (item) => `  ${item.quantity} × ${item.title} — ${money(item.discountedPriceFils * item.quantity)}`,
  );
  const text = [
    `Thank you for your order ${number}.`,
    '',
    ...lines,
    '',
    `Items: ${money(order.itemsTotalFils)}`,
    ...(order.discountTotalFils > 0 ? [`Discount: −${money(order.discountTotalFils)}`] : []),
    `${order.deliveryMethodName}: ${order.deliveryFeeFils === 0 ? 'Free' : money(order.deliveryFeeFils)}`,
    `Total paid: ${money(order.totalFils)}`,
    '',
    'Delivering to:',
    `  ${order.address}`,
    `  ${order.city}${order.zipCode ? ` ${order.zipCode}` : ''}, ${order.country}`,
    `  ${order.phoneNo}`,
  ].join('\n');
  return { to, subject: `Your order ${number} is confirmed`, text };
}

/** Sent in the transaction in which staff cancel the order. */
export function cancellationMail(to: string, order: OrderRow, reason: string, paid: boolean): Mail {
  const number = orderNumber(order.id);
  const amount = money(order.totalFils);
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
