import type { Messages as Catalog } from '@lingui/core';
import type { Locale } from './locale.ts';

/*
 * The storefront's messages come in areas (decision 092): `shell` is what every page needs (the
 * layout, the home page, the book grid) and goes with the first paint; each other area is fetched
 * by the routes that use it, in the page's language only, so the home route's JavaScript stays in
 * its budget however many pages are translated. A key lives in exactly one area (a test says so).
 * `common` holds the shared components' messages (ui/: dialogs, form fields, load errors) that the
 * home page does not show; every lazily loaded page fetches it.
 */
export const AREAS = [
  'shell',
  'common',
  'book',
  'cart',
  'catalogue',
  'account',
  'checkout',
  'orders',
  'wishlist',
  'info',
] as const;
export type Area = (typeof AREAS)[number];

// One chunk per catalogue file; Vite compiles each (i18n-catalogs.config.ts).
const chunks = import.meta.glob<Catalog>('./catalogs/*/*.json', { import: 'default' });

/** The browser: one area's messages in one language, as their own small chunk. */
export function loadCatalog(locale: Locale, area: Area): Promise<Catalog> {
  const load = chunks[`./catalogs/${area}/${locale}.json`];
  if (!load) throw new Error(`No catalogue for the ${area} area in ${locale}.`);
  return load();
}
