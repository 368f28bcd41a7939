import { Routes } from '@bookshop/contracts/routes';
import type { CatalogueService } from './service.ts';

const sectionOf = (pattern: string) => pattern.split('/')[1]!;

/**
 * Whether a storefront page names something the shop has: /books/{title}, /genres/{name} and
 * /authors/{name} exist only for a known book, genre or author, so the server can answer the
 * others with 404, as the page itself shows 'Page Not Found'. Other paths are not its business.
 */
export function cataloguePageExists(catalogue: CatalogueService): (segments: readonly string[]) => Promise<boolean> {
  const lookups = new Map<string, (name: string) => Promise<boolean>>([
    [sectionOf(Routes.book), catalogue.hasBook],
    [sectionOf(Routes.genre), catalogue.hasGenre],
    [sectionOf(Routes.author), catalogue.hasAuthor],
  ]);
  return async (segments) => {
    const [section = '', name, ...rest] = segments;
    const lookup = lookups.get(section);
    return lookup && name !== undefined && rest.length === 0 ? lookup(name) : true;
  };
}
