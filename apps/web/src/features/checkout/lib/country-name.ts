import { countryName } from '@bookshop/contracts/country-name';
import type { Locale } from '../../../lib/i18n/locale.ts';

let arabicRegions: Intl.DisplayNames | undefined;

/**
 * An address's country as the page's language writes it: English as contracts names it, Arabic
 * from the browser's own list (Intl), as the address book does. The emirates' names are the
 * account area's messages (`emirate.*`), which /checkout loads for the address form.
 */
export function countryNameIn(locale: Locale, code: string): string {
  if (locale === 'en') return countryName(code);
  try {
    return (arabicRegions ??= new Intl.DisplayNames(['ar'], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}
