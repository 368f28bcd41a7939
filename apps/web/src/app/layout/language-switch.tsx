import { useLocation } from 'react-router';
import { useLocale, useT } from '../../lib/i18n/i18n.tsx';
import { localisedPath, rememberLocale, type Locale } from '../../lib/i18n/locale.ts';

/**
 * 'العربية' on English pages, 'English' on Arabic ones: the same page in the other language
 * (decision 089). A whole page load, so the server renders it with the other language's catalogue
 * and the browser fetches only that one; the choice is remembered in the language cookie. Its
 * name is its text, marked as the other language so a screen reader says it in that voice.
 */
const ON_LIGHT = 'inline-flex text-stone-800 hover:bg-stone-100';

/** `className` gives its display and colours: hidden on phones in the header, light on the footer's dark surface. */
export function LanguageSwitch({ className = ON_LIGHT }: { className?: string }) {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return (
    <a
      href={localisedPath(pathname, other) + search + hash}
      hrefLang={other}
      lang={other}
      onClick={() => rememberLocale(other)}
      className={`min-h-11 items-center rounded-md px-3 text-sm font-semibold ${className}`}
    >
      {t('language.switch')}
    </a>
  );
}
