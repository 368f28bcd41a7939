import { SHOP_UTC_OFFSET_HOURS } from '@bookshop/contracts/constants';
import { formatPrice } from '@bookshop/contracts/money';
import { formatShopDateTime } from '@bookshop/contracts/shop-clock';
import { useLocale } from './i18n.tsx';
import type { Locale } from './locale.ts';

/*
 * Prices and dates in the page's language (decision 089). English keeps the spec's 'Dhs 12.50' and
 * decision 074's '22/11/2026, 3:05 PM'; Arabic pages write '‏12.50 د.إ.‏' and '22/11/2026، 3:05 م',
 * in Latin digits.
 */

let arabicCurrency: Intl.NumberFormat | undefined;

/** Made on first use: an English visitor never pays for an Arabic number format. */
const arabicPrice = (aed: number) =>
  (arabicCurrency ??= new Intl.NumberFormat('ar-AE', {
    style: 'currency',
    currency: 'AED',
    numberingSystem: 'latn',
  })).format(aed);

export const formatPriceIn = (locale: Locale, aed: number) => (locale === 'ar' ? arabicPrice(aed) : formatPrice(aed));

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * '22/11/2026، 3:05 م' on the shop's clock, 12-hour with ص (before noon) / م (after): written by
 * arithmetic like the English one, so server and browser agree to the character.
 */
export function formatArabicDateTime(value: Date | string | number): string {
  const at = new Date(new Date(value).getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000);
  const hours = at.getUTCHours();
  const date = `${twoDigits(at.getUTCDate())}/${twoDigits(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return `${date}، ${hours % 12 || 12}:${twoDigits(at.getUTCMinutes())} ${hours < 12 ? 'ص' : 'م'}`;
}

export const formatDateTimeIn = (locale: Locale, value: Date | string | number) =>
  locale === 'ar' ? formatArabicDateTime(value) : formatShopDateTime(value);

/** `price(12.5)` and `dateTime(at)` in the page's language. */
export function useFormat() {
  const locale = useLocale();
  return {
    price: (aed: number) => formatPriceIn(locale, aed),
    dateTime: (value: Date | string | number) => formatDateTimeIn(locale, value),
  };
}
