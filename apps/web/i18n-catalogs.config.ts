import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/*
 * The storefront's message catalogues (src/lib/i18n/catalogs/<area>/<locale>.json) hold ICU MessageFormat
 * text. This plugin compiles each one into Lingui's compiled form as it is imported, in the build,
 * the dev server and the component tests alike, so the browser receives no message parser: Lingui's
 * runtime only interpolates (decision 089). The output is still JSON, so Vite's JSON handling
 * turns it into a module as usual.
 */
const CATALOG = /\/src\/lib\/i18n\/catalogs\/[a-z]+\/[a-z]{2}\.json$/;

export function compiledCatalogs(): Plugin {
  return {
    name: 'bookshop:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id.split('?')[0]!)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
