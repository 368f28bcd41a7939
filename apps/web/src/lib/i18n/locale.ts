import { arabicPath } from '@bookshop/contracts/routes';

/*
 * The storefront's two languages (decision 089): English at the spec's routes, Arabic at the same
 * routes under /ar. The language of a page is its path's, never the browser's Accept-Language.
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** Arabic pages live under this prefix; the browser's router takes it as its basename. */
export const ARABIC_BASE = '/ar';

/** Remembers the visitor's last choice (the language switch), for what no URL decides (e-mails). */
export const LANGUAGE_COOKIE = 'lang';

export const localeFromPath = (pathname: string): Locale =>
  pathname === ARABIC_BASE || pathname.startsWith(`${ARABIC_BASE}/`) ? 'ar' : 'en';

export const directionOf = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');

/** The router's basename for a language: none for English. */
export const basenameOf = (locale: Locale) => (locale === 'ar' ? ARABIC_BASE : undefined);

/** '/books/Emma' in `locale`: '/ar/books/Emma' in Arabic, '/ar' for the home page. */
export const localisedPath = (path: string, locale: Locale): string => (locale === 'en' ? path : arabicPath(path));

/** Sets the language cookie for a year, on the whole site; readable by the API with each request. */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}
