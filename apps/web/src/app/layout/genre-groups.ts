import type { Genre } from '@bookshop/contracts/catalogue';

export type GenreGroup = { letter: string; genres: Genre[] };

/** 'Écologie' files under E; names not starting with a letter under '#'. */
function letterOf(name: string): string {
  const first = name.trim().charAt(0).normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase('en');
  return /\p{L}/u.test(first) ? first : '#';
}

/** Genres sorted by name and grouped by first letter, as the category menu lists them. */
export function groupGenresByLetter(genres: readonly Genre[]): GenreGroup[] {
  const byName = [...genres].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const groups = new Map<string, Genre[]>();
  for (const genre of byName) {
    const letter = letterOf(genre.name);
    groups.set(letter, [...(groups.get(letter) ?? []), genre]);
  }
  return [...groups]
    .map(([letter, list]) => ({ letter, genres: list }))
    .sort((a, b) => (a.letter === '#' ? -1 : b.letter === '#' ? 1 : a.letter.localeCompare(b.letter, 'en')));
}
