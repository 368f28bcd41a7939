import { useLocale } from './i18n.tsx';
import type { Locale } from './locale.ts';

/*
 * The catalogue in the page's language (decision 090): a book's title and description, an
 * author's or genre's name, in Arabic on Arabic pages where staff gave one, in English otherwise.
 * The English stays every page's key (its path), so links are built from `title` / `name` alone.
 */
type Titled = { title: string; titleAr?: string | null };
type Described = { description: string; descriptionAr?: string | null };
type Named = { name: string; nameAr?: string | null };

const pick = (locale: Locale, english: string, arabic: string | null | undefined) =>
  locale === 'ar' && arabic ? arabic : english;

export const titleIn = (locale: Locale, book: Titled) => pick(locale, book.title, book.titleAr);
export const descriptionIn = (locale: Locale, book: Described) => pick(locale, book.description, book.descriptionAr);
export const nameIn = (locale: Locale, named: Named) => pick(locale, named.name, named.nameAr);

/** `const text = useCatalogueText(); text.title(book)`: the page's language. */
export function useCatalogueText() {
  const locale = useLocale();
  return {
    title: (book: Titled) => titleIn(locale, book),
    description: (book: Described) => descriptionIn(locale, book),
    name: (named: Named) => nameIn(locale, named),
  };
}
