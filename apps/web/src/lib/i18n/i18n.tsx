import { createContext, useContext, type ReactNode } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type english from './catalogs/en.json';
import type { Locale } from './locale.ts';

/*
 * Lingui's runtime (decision 089): each page renders in one language, chosen by its path, with a
 * catalogue compiled at build time (i18n-catalogs.config.ts). The server holds both; the browser
 * downloads only the page's own (`loadCatalog`).
 */

/** Every message's key; the English catalogue is the list (the Arabic one must have the same). */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;

/**
 * Numbers inside messages ('3 كتب') in Latin digits on Arabic pages too, like the prices
 * (decision 089): the Unicode extension says so whatever a browser's default for Arabic.
 */
const FORMAT_LOCALES: Record<Locale, string> = { en: 'en-AE', ar: 'ar-AE-u-nu-latn' };

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, locales: FORMAT_LOCALES[locale], messages: { [locale]: messages } });
}

/** The browser: fetches the catalogue of the page's language only, as its own small chunk. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const catalog = locale === 'ar' ? await import('./catalogs/ar.json') : await import('./catalogs/en.json');
  return catalog.default;
}

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The page's language outside React (a toast shown from a request's failure). The browser has one
 * language per page load, so one instance; the server renders both and passes its own through the
 * context instead.
 */
let pageI18n: I18n | undefined;
export function setPageI18n(i18n: I18n) {
  pageI18n = i18n;
}

export function currentI18n(): I18n {
  if (!pageI18n) throw new Error('No language is active: call setPageI18n() before rendering.');
  return pageI18n;
}

export function useI18n(): I18n {
  return useContext(I18nContext) ?? currentI18n();
}

export const useLocale = (): Locale => useI18n().locale as Locale;

/** Text in the page's language: `t('header.cart')`, `t('cart.count', { count: 3 })`. */
export function useT() {
  const i18n = useI18n();
  return (id: MessageId, values?: MessageValues) => i18n._(id, values);
}

/** The same outside React. */
export const translate = (id: MessageId, values?: MessageValues) => currentI18n()._(id, values);

/** The page's language outside React; English where none is set up (the server renders through the context). */
export const pageLocale = (): Locale => (pageI18n?.locale as Locale | undefined) ?? 'en';
