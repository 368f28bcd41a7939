import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { EMIRATES, emirateLabel } from '@bookshop/contracts/emirates';
import { countryName } from '@bookshop/contracts/country-name';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { useCountryName, useEmirateName } from './place-names.ts';

function names(locale: Locale) {
  const i18n = createI18n(locale, allMessages(locale));
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => ({ country: useCountryName(), emirate: useEmirateName() }), { wrapper }).result.current;
}

describe('place names', () => {
  it('are what contracts say on English pages', () => {
    const { country, emirate } = names('en');
    for (const name of [...EMIRATES, null]) expect(emirate(name)).toBe(emirateLabel(name));
    expect(country('AE')).toBe(countryName('AE'));
    expect(country('GB', 'United Kingdom (API)')).toBe('United Kingdom (API)');
  });

  it('are Arabic on Arabic pages', () => {
    const { country, emirate } = names('ar');
    expect(EMIRATES.map(emirate)).toEqual(['أبوظبي', 'دبي', 'الشارقة', 'عجمان', 'أم القيوين', 'رأس الخيمة', 'الفجيرة']);
    expect(emirate(null)).toBe('غير محددة');
    expect(country('AE', 'United Arab Emirates')).toBe('الإمارات العربية المتحدة');
  });
});
