import { countryName as englishCountryName } from '@bookshop/contracts/country-name';
import type { Emirate } from '@bookshop/contracts/emirates';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';

let arabicRegions: Intl.DisplayNames | undefined;

function arabicCountryName(code: string): string | undefined {
  try {
    arabicRegions ??= new Intl.DisplayNames(['ar'], { type: 'region' });
    return arabicRegions.of(code);
  } catch {
    return undefined;
  }
}

/**
 * A country's name in the page's language: English as the API and the mails write it, Arabic from
 * the browser's own list (Intl), so the shop keeps no list of 250 names in two languages.
 * `english` is the API's name of the country, where the page has it.
 */
export function useCountryName() {
  const locale = useLocale();
  return (code: string, english?: string): string =>
    (locale === 'ar' ? arabicCountryName(code) : undefined) ?? english ?? englishCountryName(code);
}

/** An address's emirate in the page's language; the value stays the English name the API keeps. */
export function useEmirateName() {
  const t = useT();
  return (emirate: Emirate | null): string => (emirate ? t(`emirate.${emirate}`) : t('emirate.notGiven'));
}
