const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * English name of an ISO alpha-2 code ('AE' → 'United Arab Emirates'). The same as contracts'
 * `countryName`, kept here so address lists and orders do not load the phone-number metadata.
 */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
