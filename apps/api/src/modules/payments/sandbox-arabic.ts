import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import { DeliveryMessages } from '@bookshop/contracts/delivery';
import { SandboxCheckoutMessages } from '@bookshop/contracts/payments';

/*
 * The sandbox's hosted page in Arabic, for a customer who checked out from an Arabic page (the
 * session's return URLs start with /ar, decision 089 "Redirects"). The English words stay in
 * contracts' SandboxCheckoutMessages (Stripe's own) and in sandbox-page.ts; Stripe's messages in
 * Arabic are the contracts' Arabic table's (decision 093), the page's own words are below.
 */

export const ARABIC_SANDBOX_MESSAGES = Object.fromEntries(
  Object.entries(SandboxCheckoutMessages).map(([key, english]) => [key, arabicMessage(english) ?? english]),
) as Record<keyof typeof SandboxCheckoutMessages, string>;

/** The page's own words (labels, buttons, headings) in Arabic; `{…}` are filled in by the page. */
export const ARABIC_SANDBOX_TEXTS = {
  testMode: 'وضع الاختبار',
  ribbon: 'هذه صفحة الدفع التجريبية للمتجر: لا تُخصم أي مبالغ من بطاقات حقيقية. ادفع ببطاقة الاختبار {card}.',
  testCardsHeading: 'بطاقات الاختبار',
  testCardsHint:
    'استخدم أي تاريخ انتهاء في المستقبل، وأي رمز أمان من 3 أرقام، وأي اسم. يُرفض أي رقم بطاقة آخر: لا تُخصم هنا أي مبالغ من بطاقة حقيقية.',
  cardNumberColumn: 'رقم البطاقة',
  resultColumn: 'النتيجة',
  pays: 'يتم الدفع',
  declined: 'مرفوضة: {message}',
  delivery: 'التوصيل',
  quantity: 'الكمية {quantity}',
  quantityEach: 'الكمية {quantity}، {price} للنسخة',
  payShop: 'ادفع لـ {shop}',
  order: 'الطلب {orderNumber}',
  totalDue: 'المبلغ المستحق',
  email: 'البريد الإلكتروني',
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء',
  cvc: 'رمز الأمان (CVC)',
  cardholderName: 'اسم حامل البطاقة',
  expiryHint: 'الشهر / السنة',
  checkDetails: 'تحقّق من بيانات الدفع:',
  payWithCard: 'الدفع بالبطاقة',
  reserved: 'محجوزة لك حتى {time} (بتوقيت الإمارات). بعد ذلك يُفرج عن الكتب ولا يعود من الممكن الدفع عبر هذه الصفحة.',
  contactInformation: 'معلومات التواصل',
  cardInformation: 'معلومات البطاقة',
  pay: 'ادفع {amount}',
  cancel: 'إلغاء',
  errorPrefix: 'خطأ: ',
  notFoundTitle: 'صفحة الدفع غير موجودة',
  alreadyPaidTitle: 'مدفوع من قبل',
  expiredTitle: 'انتهت صلاحية صفحة الدفع',
  returnToShop: 'العودة إلى {shop}',
} as const;

/** The delivery line's name as checkout sends it (contracts' DeliveryMessages), as the Arabic storefront names it. */
export const ARABIC_DELIVERY_NAMES: Record<string, string> = {
  [DeliveryMessages.standardName]: 'التوصيل العادي',
  [DeliveryMessages.nextDayName]: 'التوصيل في اليوم التالي',
};
