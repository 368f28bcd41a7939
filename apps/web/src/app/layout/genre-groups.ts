import type { Genre } from '@bookshop/contracts/catalogue';
import { nameIn } from '../../lib/i18n/catalogue-text.ts';
import type { Locale } from '../../lib/i18n/locale.ts';

export type GenreGroup = { letter: string; genres: Genre[] };

/** 'Écologie' files under E, 'أدب' under ا; names not starting with a letter under '#'. */
function letterOf(name: string, locale: Locale): string {
  const first = name.trim().charAt(0).normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase(locale);
  return /\p{L}/u.test(first) ? first : '#';
}

/**
 * Genres sorted by name in the page's language (the Arabic name on Arabic pages where there is one)
 * and grouped by first letter, as the category menu lists them.
 */
export function groupGenresByLetter(genres: readonly Genre[], locale: Locale = 'en'): GenreGroup[] {
  const shown = (genre: Genre) => nameIn(locale, genre);
  const byName = [...genres].sort((a, b) => shown(a).localeCompare(shown(b), locale, { sensitivity: 'base' }));
  const groups = new Map<string, Genre[]>();
  for (const genre of byName) {
    const letter = letterOf(shown(genre), locale);
    groups.set(letter, [...(groups.get(letter) ?? []), genre]);
  }
  return [...groups]
    .map(([letter, list]) => ({ letter, genres: list }))
    .sort((a, b) => (a.letter === '#' ? -1 : b.letter === '#' ? 1 : a.letter.localeCompare(b.letter, locale)));
}
