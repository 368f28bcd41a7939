import { orderNumber } from '@bookshop/contracts/orders';
import { reviewPath, Routes } from '@bookshop/contracts/routes';
import { pageUrl, textMail, titleIn, type Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';
import { ORDER_MAIL_TEXTS, signOff } from './mails.ts';
import type { OrderItemRow } from './queries.ts';

/** The order's page in the mail's language. */
const orderPage = (publicUrl: string, orderId: number, language: Recipient['language']) =>
  pageUrl(publicUrl, Routes.order.replace(':id', String(orderId)), language);

/** Queued by the fulfilment mail job once per shipment (decision 078). */
export function shippedMail(
  { emailAddress, name, language }: Recipient,
  parcel: {
    orderId: number;
    carrierCode: string;
    carrierName: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    lines: { title: string; titleAr: string | null; quantity: number }[];
    partial: boolean;
  },
  links: { publicUrl: string; supportEmail: string },
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const said = texts.shipped;
  const number = orderNumber(parcel.orderId);
  const carrier = said.carrier(parcel.carrierCode, parcel.carrierName);
  const text = [
    texts.hello(name),
    '',
    parcel.partial ? said.partial(number, carrier) : said.whole(number, carrier),
    '',
    ...parcel.lines.map((line) => `  ${line.quantity} × ${titleIn(language, line)}`),
    '',
    ...(parcel.trackingNumber ? [said.trackingNumber(parcel.trackingNumber)] : []),
    ...(parcel.trackingUrl ? [said.trackingUrl(parcel.trackingUrl)] : []),
    texts.yourOrderLink(orderPage(links.publicUrl, parcel.orderId, language)),
    '',
    ...signOff(language, number, links.supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: said.subject(number), text });
}

/** Queued by the fulfilment mail job once per order, when its last parcel is delivered. */
export function deliveredMail(
  { emailAddress, name, language }: Recipient,
  orderId: number,
  items: Pick<OrderItemRow, 'bookId' | 'title' | 'titleAr'>[],
  links: { publicUrl: string; supportEmail: string },
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const said = texts.delivered;
  const number = orderNumber(orderId);
  const text = [
    texts.hello(name),
    '',
    said.delivered(number),
    '',
    said.review,
    // The review page's key is the English title in both languages (decision 089).
    ...items.map(
      (item) =>
        `  ${titleIn(language, item)}: ${pageUrl(links.publicUrl, reviewPath(item.bookId, item.title), language)}`,
    ),
    '',
    texts.yourOrderLink(orderPage(links.publicUrl, orderId, language)),
    '',
    ...signOff(language, number, links.supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: said.subject(number), text });
}
