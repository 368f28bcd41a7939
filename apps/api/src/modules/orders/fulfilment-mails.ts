import { orderNumber } from '@bookshop/contracts/orders';
import { reviewPath } from '@bookshop/contracts/routes';
import type { Mail } from '../../platform/mailer.ts';
import type { Recipient } from './mails.ts';
import type { OrderItemRow } from './queries.ts';

const signOff = (number: string, supportEmail: string) => [
  `If you have any questions, write to us at ${supportEmail} and quote ${number}.`,
  '',
  '— The Bookshop',
];

/** Queued by the fulfilment mail job once per shipment (decision 078). */
export function shippedMail(
  { emailAddress, name }: Recipient,
  parcel: {
    orderId: number;
    carrierName: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    lines: { title: string; quantity: number }[];
    partial: boolean;
  },
  links: { publicUrl: string; supportEmail: string },
): Mail {
  const number = orderNumber(parcel.orderId);
  const text = [
    `Hello ${name},`,
    '',
    parcel.partial
      ? `Part of your order ${number} is on its way with ${parcel.carrierName}; we will let you know when the rest ships.`
      : `Your order ${number} is on its way with ${parcel.carrierName}.`,
    '',
    ...parcel.lines.map((line) => `  ${line.quantity} × ${line.title}`),
    '',
    ...(parcel.trackingNumber ? [`Tracking number: ${parcel.trackingNumber}`] : []),
    ...(parcel.trackingUrl ? [`Track your parcel: ${parcel.trackingUrl}`] : []),
    `Your order: ${links.publicUrl}/orders/${parcel.orderId}`,
    '',
    ...signOff(number, links.supportEmail),
  ].join('\n');
  return { to: emailAddress, subject: `Your order ${number} is on its way`, text };
}

/** Queued by the fulfilment mail job once per order, when its last parcel is delivered. */
export function deliveredMail(
  { emailAddress, name }: Recipient,
  orderId: number,
  items: Pick<OrderItemRow, 'bookId' | 'title'>[],
  links: { publicUrl: string; supportEmail: string },
): Mail {
  const number = orderNumber(orderId);
  const text = [
    `Hello ${name},`,
    '',
    `Your order ${number} was delivered. We hope you enjoy your books.`,
    '',
    'Tell other readers what you thought of them:',
    ...items.map((item) => `  ${item.title}: ${links.publicUrl}${reviewPath(item.bookId, item.title)}`),
    '',
    `Your order: ${links.publicUrl}/orders/${orderId}`,
    '',
    ...signOff(number, links.supportEmail),
  ].join('\n');
  return { to: emailAddress, subject: `Your order ${number} was delivered`, text };
}
