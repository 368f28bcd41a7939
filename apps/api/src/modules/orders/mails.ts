import { formatPhoneNumber } from '@bookshop/contracts/addresses';
import { COD_FEE_LABEL } from '@bookshop/contracts/checkout';
import { countryNameIn } from '@bookshop/contracts/country-name';
import { filsToAed, formatPrice } from '@bookshop/contracts/money';
import { orderNumber } from '@bookshop/contracts/orders';
import { RETURN_STATUS_NAMES, type ReturnStatus } from '@bookshop/contracts/returns';
import { moneyIn, textMail, titleIn, type MailLanguage, type Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';
import type { OrderItemRow, OrderRow } from './queries.ts';

/** Names the order stores in English (or the contracts keep), as Arabic mails write them. */
const ARABIC_NAMES: {
  deliveryMethods: Record<string, string>;
  carriers: Record<string, string>;
  returnSteps: Record<ReturnStatus, string>;
} = {
  deliveryMethods: { standard: 'التوصيل العادي', 'next-day': 'التوصيل في اليوم التالي' },
  // DHL Express keeps its name.
  carriers: { aramex: 'أرامكس', 'emirates-post': 'بريد الإمارات', 'shop-courier': 'مندوب المتجر' },
  returnSteps: {
    requested: 'تم تلقّي الطلب',
    approved: 'تمت الموافقة',
    rejected: 'لم تتم الموافقة',
    received: 'تم استلام الكتب',
  },
};

/**
 * The words of every mail to a customer about their order (this file, fulfilment-mails.ts and
 * returns.ts), one entry per language (decision 094). Each mail takes its texts from its
 * recipient's language; the lines they make are the same in both.
 */
export const ORDER_MAIL_TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    signOff: '— The Bookshop',
    /**
     * The sender is a no-reply address (replies go to support through Reply-To), so the mail names
     * support's own address rather than asking to reply.
     */
    questions: (number: string, supportEmail: string) =>
      `If you have any questions, write to us at ${supportEmail} and quote ${number}.`,
    yourOrderLink: (url: string) => `Your order: ${url}`,
    confirmation: {
      subject: (number: string) => `Your order ${number} is confirmed`,
      thanks: (number: string) => `Thank you for your order ${number}.`,
      items: 'Items',
      discount: 'Discount',
      /** The delivery method as the order stored it when it was placed. */
      deliveryMethod: (_code: string, name: string) => name,
      free: 'Free',
      codFee: COD_FEE_LABEL,
      cashToPay: 'To pay the courier in cash',
      totalPaid: 'Total paid',
      deliveringTo: 'Delivering to:',
      comma: ', ',
    },
    cashInvoice: {
      subject: (number: string) => `Your invoice for order ${number}`,
      thanks: (amount: string, number: string) => `Thank you for paying ${amount} for your order ${number}.`,
      attached: (invoiceNumber: string) => `Your invoice ${invoiceNumber} is attached.`,
    },
    cancellation: {
      subject: (number: string, paid: boolean) =>
        paid ? `Your order ${number} is cancelled and refunded` : `Your order ${number} is cancelled`,
      cancelled: (number: string) => `We have cancelled your order ${number}.`,
      reason: (reason: string) => `Reason: ${reason}`,
      refunding: (amount: string) =>
        `We are refunding ${amount} to the card you paid with. Refunds usually reach your account within 5 to 10 business days.`,
      notCharged: (amount: string) => `You were not charged for this order (${amount}).`,
    },
    shipped: {
      subject: (number: string) => `Your order ${number} is on its way`,
      partial: (number: string, carrier: string) =>
        `Part of your order ${number} is on its way with ${carrier}; we will let you know when the rest ships.`,
      whole: (number: string, carrier: string) => `Your order ${number} is on its way with ${carrier}.`,
      carrier: (_code: string, name: string) => name,
      trackingNumber: (tracking: string) => `Tracking number: ${tracking}`,
      trackingUrl: (url: string) => `Track your parcel: ${url}`,
    },
    delivered: {
      subject: (number: string) => `Your order ${number} was delivered`,
      delivered: (number: string) => `Your order ${number} was delivered. We hope you enjoy your books.`,
      review: 'Tell other readers what you thought of them:',
    },
    returns: {
      subject: (number: string, step: ReturnStatus) =>
        `Your return from order ${number}: ${RETURN_STATUS_NAMES[step].toLowerCase()}`,
      requested: (number: string) =>
        `We received your request to return books from order ${number}. We will let you know once we have looked at it.`,
      approved: (number: string) => `Your return from order ${number} was approved. Please send the books back to us.`,
      rejected: (number: string) => `Your return from order ${number} was not approved.`,
      received: (number: string) => `We received the books you returned from order ${number}.`,
      owed: (amount: string) => `We owe you ${amount} and will pay it back to you.`,
      refunding: (amount: string) => `${amount} is being refunded to your card.`,
    },
  },
  ar: {
    hello: (name: string) => `مرحبًا ${name}،`,
    signOff: '— فريق Bookshop',
    questions: (number: string, supportEmail: string) =>
      `إن كانت لديك أي أسئلة، فراسلنا على ${supportEmail} واذكر الرقم ${number}.`,
    yourOrderLink: (url: string) => `طلبك: ${url}`,
    confirmation: {
      subject: (number: string) => `تم تأكيد طلبك ${number}`,
      thanks: (number: string) => `شكرًا لطلبك ${number}.`,
      items: 'الكتب',
      discount: 'الخصم',
      deliveryMethod: (code: string, name: string) => ARABIC_NAMES.deliveryMethods[code] ?? name,
      free: 'مجاني',
      codFee: 'رسوم الدفع عند الاستلام',
      cashToPay: 'المبلغ المستحق نقدًا لمندوب التوصيل',
      totalPaid: 'إجمالي المدفوع',
      deliveringTo: 'عنوان التوصيل:',
      comma: '، ',
    },
    cashInvoice: {
      subject: (number: string) => `فاتورة طلبك ${number}`,
      thanks: (amount: string, number: string) => `شكرًا لدفعك ${amount} لطلبك ${number}.`,
      attached: (invoiceNumber: string) => `تجد فاتورتك ${invoiceNumber} مرفقة بهذه الرسالة.`,
    },
    cancellation: {
      subject: (number: string, paid: boolean) =>
        paid ? `تم إلغاء طلبك ${number} واسترداد المبلغ` : `تم إلغاء طلبك ${number}`,
      cancelled: (number: string) => `ألغينا طلبك ${number}.`,
      reason: (reason: string) => `السبب: ${reason}`,
      refunding: (amount: string) =>
        `نُعيد إليك ${amount} إلى البطاقة التي دفعت بها. يصل المبلغ المسترد عادةً إلى حسابك خلال 5 إلى 10 أيام عمل.`,
      notCharged: (amount: string) => `لم نخصم منك أي مبلغ لهذا الطلب (${amount}).`,
    },
    shipped: {
      subject: (number: string) => `طلبك ${number} في الطريق إليك`,
      partial: (number: string, carrier: string) =>
        `جزء من طلبك ${number} في الطريق إليك مع ${carrier}؛ وسنُعلمك حين نشحن الباقي.`,
      whole: (number: string, carrier: string) => `طلبك ${number} في الطريق إليك مع ${carrier}.`,
      carrier: (code: string, name: string) => ARABIC_NAMES.carriers[code] ?? name,
      trackingNumber: (tracking: string) => `رقم التتبع: ${tracking}`,
      trackingUrl: (url: string) => `تتبّع شحنتك: ${url}`,
    },
    delivered: {
      subject: (number: string) => `تم توصيل طلبك ${number}`,
      delivered: (number: string) => `تم توصيل طلبك ${number}. نتمنى أن تستمتع بكتبك.`,
      review: 'أخبر القرّاء الآخرين برأيك فيها:',
    },
    returns: {
      subject: (number: string, step: ReturnStatus) => `الإرجاع من طلبك ${number}: ${ARABIC_NAMES.returnSteps[step]}`,
      requested: (number: string) => `تلقّينا طلبك لإرجاع كتب من الطلب ${number}. سنُعلمك حين ننظر فيه.`,
      approved: (number: string) => `تمت الموافقة على الإرجاع من طلبك ${number}. يُرجى إرسال الكتب إلينا.`,
      rejected: (number: string) => `لم تتم الموافقة على الإرجاع من طلبك ${number}.`,
      received: (number: string) => `تسلّمنا الكتب التي أرجعتها من الطلب ${number}.`,
      owed: (amount: string) => `لك لدينا ${amount} وسنعيده إليك.`,
      refunding: (amount: string) => `يجري استرداد ${amount} إلى بطاقتك.`,
    },
  },
} satisfies Record<MailLanguage, unknown>;

/** A mail's last lines: where to write with questions, and who it is from. */
export const signOff = (language: MailLanguage, number: string, supportEmail: string) => [
  ORDER_MAIL_TEXTS[language].questions(number, supportEmail),
  '',
  ORDER_MAIL_TEXTS[language].signOff,
];

/** Sent in the transaction that completes the order. */
export function confirmationMail(
  { emailAddress, name, language }: Recipient,
  order: OrderRow,
  items: OrderItemRow[],
  supportEmail: string,
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const said = texts.confirmation;
  const money = (fils: number) => moneyIn(language, fils);
  const number = orderNumber(order.id);
  const lines = items.map(
    (item) => `  ${item.quantity} × ${titleIn(language, item)} — ${money(item.discountedPriceFils * item.quantity)}`,
  );
  const deliveryMethod = said.deliveryMethod(order.deliveryMethodCode, order.deliveryMethodName);
  const text = [
    texts.hello(name),
    '',
    said.thanks(number),
    '',
    ...lines,
    '',
    `${said.items}: ${money(order.itemsTotalFils)}`,
    ...(order.discountTotalFils > 0 ? [`${said.discount}: −${money(order.discountTotalFils)}`] : []),
    `${deliveryMethod}: ${order.deliveryFeeFils === 0 ? said.free : money(order.deliveryFeeFils)}`,
    ...(order.paymentMethod === 'cod'
      ? [`${said.codFee}: ${money(order.codFeeFils)}`, `${said.cashToPay}: ${money(order.totalFils)}`]
      : [`${said.totalPaid}: ${money(order.totalFils)}`]),
    '',
    said.deliveringTo,
    `  ${order.address}`,
    `  ${order.city}${order.zipCode ? ` ${order.zipCode}` : ''}${said.comma}${countryNameIn(language, order.country)}`,
    `  ${formatPhoneNumber(order.phoneNo)}`,
    '',
    ...signOff(language, number, supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: said.subject(number), text });
}

/** A cash-on-delivery order's tax invoice, mailed in the transaction in which the courier's cash is recorded. */
export function cashInvoiceMail(
  { emailAddress, name, language }: Recipient,
  order: OrderRow,
  invoiceNumber: string,
  supportEmail: string,
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const number = orderNumber(order.id);
  const text = [
    texts.hello(name),
    '',
    texts.cashInvoice.thanks(moneyIn(language, order.totalFils), number),
    texts.cashInvoice.attached(invoiceNumber),
    '',
    ...signOff(language, number, supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: texts.cashInvoice.subject(number), text });
}

/** Sent in the transaction in which staff cancel the order. */
export function cancellationMail(
  { emailAddress, name, language }: Recipient,
  order: OrderRow,
  reason: string,
  paid: boolean,
  supportEmail: string,
): Mail {
  const texts = ORDER_MAIL_TEXTS[language];
  const said = texts.cancellation;
  const number = orderNumber(order.id);
  const amount = moneyIn(language, order.totalFils);
  const text = [
    texts.hello(name),
    '',
    said.cancelled(number),
    '',
    said.reason(reason),
    '',
    paid ? said.refunding(amount) : said.notCharged(amount),
    '',
    ...signOff(language, number, supportEmail),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: said.subject(number, paid), text });
}

/** What staff are told of a paid order (decision 079), after its number: 'paid Dhs 55.00: 2 books, Standard Delivery to Dubai (Dubai)'. */
export function staffPaidSummary(
  order: OrderRow,
  items: Pick<OrderItemRow, 'quantity'>[],
  how: 'paid' | 'cash on delivery' = 'paid',
): string {
  const copies = items.reduce((sum, item) => sum + item.quantity, 0);
  const where = `${order.city}${order.emirate && order.emirate !== order.city ? ` (${order.emirate})` : ''}`;
  return `${how} ${formatPrice(filsToAed(order.totalFils))}: ${copies} ${copies === 1 ? 'book' : 'books'}, ${order.deliveryMethodName} to ${where}`;
}
