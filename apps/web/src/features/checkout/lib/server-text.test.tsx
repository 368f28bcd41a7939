import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import { COD_EXPLANATION, CheckoutMessages, CodMessages, PaymentMethodNames } from '@bookshop/contracts/checkout';
import { DeliveryMessages, deliveryAreaText } from '@bookshop/contracts/delivery';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider, type MessageId } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { useServerText } from './server-text.ts';

const i18ns = { en: createI18n('en', allMessages('en')), ar: createI18n('ar', allMessages('ar')) };

const serverTextIn = (locale: Locale) =>
  renderHook(() => useServerText(), {
    wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18ns[locale]}>{children}</I18nProvider>,
  }).result.current;

/** What only checkout shows, and its catalogue key. */
const checkoutWords: [english: string, id: MessageId][] = [
  [PaymentMethodNames.card, 'checkout.payment.cardName'],
  [PaymentMethodNames.cod, 'checkout.payment.codName'],
  [COD_EXPLANATION, 'checkout.payment.codDescription'],
];

/** What the contracts' Arabic table translates: the quote's names and refusals, the cash rules, a problem. */
const contractTexts = [
  DeliveryMessages.standardName,
  DeliveryMessages.nextDayDescription,
  DeliveryMessages.nextDayNotEligible,
  `${DeliveryMessages.notOffered(DeliveryMessages.nextDayName, deliveryAreaText('next-day'))} ${DeliveryMessages.emirateMissing}`,
  CodMessages.overLimit,
  CheckoutMessages.notEnoughStock('Emma', 2),
];

describe('the API texts checkout shows', () => {
  it("are the English catalogue's words where checkout words them, so the catalogue says what the API says", () => {
    for (const [english, id] of checkoutWords) expect(i18ns.en._(id), id).toBe(english);
  });

  it('are shown unchanged on English pages', () => {
    const serverText = serverTextIn('en');
    for (const english of [...checkoutWords.map(([english]) => english), ...contractTexts])
      expect(serverText(english)).toBe(english);
  });

  it("are shown in Arabic on Arabic pages: checkout's own words from its catalogue, the rest from the contracts' table", () => {
    const serverText = serverTextIn('ar');
    for (const [english, id] of checkoutWords) expect(serverText(english)).toBe(i18ns.ar._(id));
    for (const english of contractTexts) {
      expect(arabicMessage(english), english).toBeDefined();
      expect(serverText(english)).toBe(arabicMessage(english));
    }
    expect(serverText(DeliveryMessages.nextDayName)).toBe('التوصيل في اليوم التالي');
  });

  it('shows a text it does not know as the API sent it', () => {
    expect(serverTextIn('ar')('Something new from the API.')).toBe('Something new from the API.');
  });
});
