const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * English name of an ISO alpha-2 code ('AE' → 'United Arab Emirates'), for the storefront and the
 * API's mails alike. Its own file, without the phone-number metadata `addresses.ts` loads, so a
 * page that only lists addresses stays small.
 */
export const countryName = (code: string): string => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

let arabicRegionNames: Intl.DisplayNames | undefined;

/** A country's name in a language ('AE' → 'الإمارات العربية المتحدة' in Arabic), for Arabic e-mails (decision 094). */
export const countryNameIn = (language: 'en' | 'ar', code: string): string => {
  if (language === 'en') return countryName(code);
  try {
    return (arabicRegionNames ??= new Intl.DisplayNames(['ar'], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
};
