import { useLocation } from 'react-router';
import { useLocale, useT } from '../../lib/i18n/i18n.tsx';
import { localisedPath, rememberLocale, type Locale } from '../../lib/i18n/locale.ts';

/**
 * 'العربية' on English pages, 'English' on Arabic ones: the same page in the other language
 * (decision 089). A whole page load, so the server renders it with the other language's catalogue
 * and the browser fetches only that one; the choice is remembered in the language cookie.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return (
    <a
      href={localisedPath(pathname, other) + search + hash}
      hrefLang={other}
      lang={other}
      aria-label={t('language.switchLabel')}
      onClick={() => rememberLocale(other)}
      className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${className}`}
    >
      {t('language.switch')}
    </a>
  );
}
