import { formatPhoneNumber } from '@bookshop/contracts/addresses';
import { COD_FEE_LABEL } from '@bookshop/contracts/checkout';
import { countryName } from '@bookshop/contracts/country-name';
import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { orderNumber } from '@bookshop/contracts/orders';
import type { Mail } from '../../platform/mailer.ts';
import type { OrderItemRow, OrderRow } from './queries.ts';

const money = (fils: number) => formatPrice(filsToAed(fils));

/** Who the mail goes to, and the first name it greets them by. */
export type Recipient = { emailAddress: string; name: string };

/**
 * The sender is a no-reply address (replies go to support through Reply-To), so the mail names
 * support's own address rather than asking to reply.
 */
const questions = (number: string, supportEmail: string) =>
  `If you have any questions, write to us at ${supportEmail} and quote ${number}.`;

/** Sent in the transaction that completes the order. */
export function confirmationMail(
  { emailAddress, name }: Recipient,
  order: OrderRow,
  items: OrderItemRow[],
  supportEmail: string,
): Mail {
  const number = orderNumber(order.id);
  const lines = items.map(
    (item) => `  ${item.quantity} × ${item.title} — ${money(item.discountedPriceFils * item.quantity)}`,
  );
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order ${number}.`,
    '',
    ...lines,
    '',
    `Items: ${money(order.itemsTotalFils)}`,
    ...(order.discountTotalFils > 0 ? [`Discount: −${money(order.discountTotalFils)}`] : []),
    `${order.deliveryMethodName}: ${order.deliveryFeeFils === 0 ? 'Free' : money(order.deliveryFeeFils)}`,
    ...(order.paymentMethod === 'cod'
      ? [`${COD_FEE_LABEL}: ${money(order.codFeeFils)}`, `To pay the courier in cash: ${money(order.totalFils)}`]
      : [`Total paid: ${money(order.totalFils)}`]),
    '',
    'Delivering to:',
    `  ${order.address}`,
    `  ${order.city}${order.zipCode ? ` ${order.zipCode}` : ''}, ${countryName(order.country)}`,
    `  ${formatPhoneNumber(order.phoneNo)}`,
    '',
    questions(number, supportEmail),
    '',
    '— The Bookshop',
  ].join('\n');
  return { to: emailAddress, subject: `Your order ${number} is confirmed`, text };
}

/** A cash-on-delivery order's tax invoice, mailed in the transaction in which the courier's cash is recorded. */
export function cashInvoiceMail(
  { emailAddress, name }: Recipient,
  order: OrderRow,
  invoiceNumber: string,
  supportEmail: string,
): Mail {
  const number = orderNumber(order.id);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for paying ${money(order.totalFils)} for your order ${number}.`,
    `Your invoice ${invoiceNumber} is attached.`,
    '',
    questions(number, supportEmail),
    '',
    '— The Bookshop',
  ].join('\n');
  return { to: emailAddress, subject: `Your invoice for order ${number}`, text };
}

/** Sent in the transaction in which staff cancel the order. */
export function cancellationMail(
  { emailAddress, name }: Recipient,
  order: OrderRow,
  reason: string,
  paid: boolean,
  supportEmail: string,
): Mail {
  const number = orderNumber(order.id);
  const amount = money(order.totalFils);
  const text = [
    `Hello ${name},`,
    '',
    `We have cancelled your order ${number}.`,
    '',
    `Reason: ${reason}`,
    '',
    paid
      ? `We are refunding ${amount} to the card you paid with. Refunds usually reach your account within 5 to 10 business days.`
      : `You were not charged for this order (${amount}).`,
    '',
    questions(number, supportEmail),
    '',
    '— The Bookshop',
  ].join('\n');
  return {
    to: emailAddress,
    subject: paid ? `Your order ${number} is cancelled and refunded` : `Your order ${number} is cancelled`,
    text,
  };
}

/** What staff are told of a paid order (decision 079), after its number: 'paid Dhs 55.00: 2 books, Standard Delivery to Dubai (Dubai)'. */
export function staffPaidSummary(
  order: OrderRow,
  items: Pick<OrderItemRow, 'quantity'>[],
  how: 'paid' | 'cash on delivery' = 'paid',
): string {
  const copies = items.reduce((sum, item) => sum + item.quantity, 0);
  const where = `${order.city}${order.emirate && order.emirate !== order.city ? ` (${order.emirate})` : ''}`;
  return `${how} ${money(order.totalFils)}: ${copies} ${copies === 1 ? 'book' : 'books'}, ${order.deliveryMethodName} to ${where}`;
}
