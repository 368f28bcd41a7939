import type { Locale } from './locale.ts';

/*
 * Messages the browser computes itself, in the page's language (decision 093): zod's validation
 * messages are the contracts' English text, so an Arabic page shows the contracts' Arabic table
 * instead (`@bookshop/contracts/arabic-messages`). The table is its own chunk, fetched with a
 * lazily loaded page's areas on Arabic pages only (`loadAreas`), never with the home route; the
 * server's renderer and the component tests hold it from the start (all-catalogs.ts).
 */

type Translate = (english: string) => string | undefined;

let arabic: Translate | undefined;

/** The server and the component tests: the table, given at once. */
export function provideArabicMessages(translate: Translate) {
  arabic = translate;
}

/** The browser on an Arabic page: fetches the table once. */
export async function loadArabicMessages(): Promise<void> {
  arabic ??= (await import('@bookshop/contracts/arabic-messages')).arabicMessage;
}

/**
 * `text` in `locale`: on Arabic pages a contracts' message in Arabic (`CartMessages.quantityMin`,
 * `AddressMessages.phoneInvalid('AE')`); any other text, and every English page's, as it is.
 */
export function localiseMessage(text: string, locale: Locale): string {
  return locale === 'ar' ? (arabic?.(text) ?? text) : text;
}
