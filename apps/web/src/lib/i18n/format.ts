import { formatPriceIn } from '@bookshop/contracts/money';
import { formatDateTimeIn } from '@bookshop/contracts/shop-clock';
import { useLocale } from './i18n.tsx';

/*
 * Prices and dates in the page's language (decision 089). English keeps the spec's 'Dhs 12.50' and
 * decision 074's '22/11/2026, 3:05 PM'; Arabic pages write '‏12.50 د.إ.‏' and '22/11/2026، 3:05 م',
 * in Latin digits. The rule lives in the contracts (money.ts, shop-clock.ts), which the API's
 * Arabic e-mails write with too (decision 094).
 */
export { formatPriceIn } from '@bookshop/contracts/money';
export { formatArabicDateTime } from '@bookshop/contracts/shop-clock';

/** `price(12.5)` and `dateTime(at)` in the page's language. */
export function useFormat() {
  const locale = useLocale();
  return {
    price: (aed: number) => formatPriceIn(locale, aed),
    dateTime: (value: Date | string | number) => formatDateTimeIn(locale, value),
  };
}
