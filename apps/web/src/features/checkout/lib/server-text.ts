import { COD_EXPLANATION, PaymentMethodNames } from '@bookshop/contracts/checkout';
import { useI18n, useLocale, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { localiseMessage } from '../../../lib/i18n/localise-message.ts';

/*
 * The API words delivery methods, their refusals, the payment options and its problems in the
 * contracts' English. On an Arabic page each is shown in Arabic: the contracts' Arabic table
 * (decision 093, `localiseMessage`) has the delivery, cash-on-delivery and checkout messages; the
 * payment options' names and the cash explanation, which only checkout shows, are the checkout
 * catalogue's. Any other text is shown as it came, and English pages show the API's text untouched.
 */

const CHECKOUT_WORDS: Readonly<Record<string, MessageId>> = {
  [PaymentMethodNames.card]: 'checkout.payment.cardName',
  [PaymentMethodNames.cod]: 'checkout.payment.codName',
  [COD_EXPLANATION]: 'checkout.payment.codDescription',
};

/** `serverText(method.name)`: the API's English text, in the page's language where it is a known one. */
export function useServerText() {
  const i18n = useI18n();
  const locale = useLocale();
  return (english: string): string => {
    if (locale === 'en') return english;
    const id = CHECKOUT_WORDS[english];
    return id ? i18n._(id) : localiseMessage(english, locale);
  };
}
