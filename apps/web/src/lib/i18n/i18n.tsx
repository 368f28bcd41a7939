import { createContext, useContext, type ReactNode } from 'react';
import { setupI18n, type I18n, type Messages as Catalog } from '@lingui/core';
import { Messages } from '@bookshop/contracts/messages';
import type account from './catalogs/account/en.json';
import type book from './catalogs/book/en.json';
import type cart from './catalogs/cart/en.json';
import type catalogue from './catalogs/catalogue/en.json';
import type checkout from './catalogs/checkout/en.json';
import type common from './catalogs/common/en.json';
import type info from './catalogs/info/en.json';
import type orders from './catalogs/orders/en.json';
import type shell from './catalogs/shell/en.json';
import type wishlist from './catalogs/wishlist/en.json';
import { loadCatalog, type Area } from './catalogs.ts';
import type { Locale } from './locale.ts';
import { loadArabicMessages } from './localise-message.ts';

/*
 * Lingui's runtime (decision 089): each page renders in one language, chosen by its path, with a
 * catalogue compiled at build time (i18n-catalogs.config.ts). The server holds both; the browser
 * downloads only the page's own (`loadCatalog`).
 */

/** Every message's key; the English catalogues are the list (the Arabic ones must have the same). */
export type MessageId = keyof (typeof account &
  typeof book &
  typeof cart &
  typeof catalogue &
  typeof checkout &
  typeof common &
  typeof info &
  typeof orders &
  typeof shell &
  typeof wishlist);
export type MessageValues = Record<string, string | number>;

/**
 * Numbers inside messages ('3 كتب') in Latin digits on Arabic pages too, like the prices
 * (decision 089): the Unicode extension says so whatever a browser's default for Arabic.
 */
const FORMAT_LOCALES: Record<Locale, string> = { en: 'en-AE', ar: 'ar-AE-u-nu-latn' };

export function createI18n(locale: Locale, messages: Catalog): I18n {
  return setupI18n({ locale, locales: FORMAT_LOCALES[locale], messages: { [locale]: messages } });
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

const loadedAreas = new Set<Area>(['shell']);

/**
 * The browser, before a route's page renders: adds the areas its messages are in to the page's
 * language (decision 092), and on Arabic pages the contracts' messages in Arabic (decision 093).
 * The server and the component tests hold every area already.
 */
export async function loadAreas(areas: readonly Area[]): Promise<void> {
  if (import.meta.env.SSR || !pageI18n) return;
  const i18n = pageI18n;
  const missing = areas.filter((area) => !loadedAreas.has(area));
  // An Arabic page's forms show the contracts' validation messages in Arabic (decision 093).
  const [catalogs] = await Promise.all([
    Promise.all(missing.map((area) => loadCatalog(i18n.locale as Locale, area))),
    i18n.locale === 'ar' ? loadArabicMessages() : undefined,
  ]);
  for (const [index, messages] of catalogs.entries()) {
    i18n.load(i18n.locale, messages);
    loadedAreas.add(missing[index]!);
  }
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

/** A key of the spec's English messages (contracts' `Messages`) that is a plain string. */
export type SpecKey = {
  [K in keyof typeof Messages]: (typeof Messages)[K] extends string ? K : never;
}[keyof typeof Messages];

/**
 * A message the spec words in English (`@bookshop/contracts` Messages): exactly that on English
 * pages, the catalogue's `spec.<key>` on Arabic ones.
 */
export function useSpecText() {
  const i18n = useI18n();
  return (key: SpecKey) => specText(i18n, key);
}

const specText = (i18n: I18n, key: SpecKey): string =>
  i18n.locale === 'en' ? Messages[key] : i18n._(`spec.${key}` as MessageId);

/** The page's language outside React; English where none is set up (the server renders through the context). */
export const pageLanguage = (): Locale => (pageI18n?.locale as Locale | undefined) ?? 'en';

/** The same outside React, in the page's language. */
export const pageSpecText = (key: SpecKey) => (pageI18n ? specText(pageI18n, key) : Messages[key]);
