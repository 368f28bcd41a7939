import type { Messages as Catalog } from '@lingui/core';
import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import type { Locale } from './locale.ts';
import { provideArabicMessages } from './localise-message.ts';

/*
 * Every area's messages in one language, for the server's renderer and the component tests, which
 * render any page at once. The browser never imports this: it fetches areas as pages need them
 * (catalogs.ts, decision 092).
 */
// The contracts' messages in Arabic too, for the forms' validation messages (decision 093).
provideArabicMessages(arabicMessage);

const files = import.meta.glob<Catalog>('./catalogs/*/*.json', { eager: true, import: 'default' });

export function allMessages(locale: Locale): Catalog {
  const suffix = `/${locale}.json`;
  return Object.assign(
    {},
    ...Object.entries(files)
      .filter(([file]) => file.endsWith(suffix))
      .map(([, messages]) => messages),
  ) as Catalog;
}
