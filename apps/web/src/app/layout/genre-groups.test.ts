import { describe, expect, it } from 'vitest';
import { groupGenresByLetter } from './genre-groups.ts';

const genres = [
  { id: 1, name: 'Poetry', nameAr: 'شعر' },
  { id: 2, name: 'Literary Fiction', nameAr: 'أدب روائي' },
  { id: 3, name: 'Adventure', nameAr: 'مغامرات' },
  { id: 4, name: 'Travel', nameAr: null },
];

describe('the category menu groups', () => {
  it('file genres under the first letter of their English name on English pages', () => {
    expect(groupGenresByLetter(genres).map(({ letter, genres: list }) => [letter, list.map((g) => g.id)])).toEqual([
      ['A', [3]],
      ['L', [2]],
      ['P', [1]],
      ['T', [4]],
    ]);
  });

  it('file them by their Arabic name on Arabic pages, a hamza letter under its seat, the English where none is given', () => {
    const groups = groupGenresByLetter(genres, 'ar').map(({ letter, genres: list }) => [letter, list.map((g) => g.id)]);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['ا', [2]],
        ['ش', [1]],
        ['م', [3]],
        ['T', [4]],
      ]),
    );
    // Arabic letters in the Arabic alphabet's order.
    const arabicLetters = groups
      .map(([letter]) => letter)
      .filter((letter) => /\p{Script=Arabic}/u.test(letter as string));
    expect(arabicLetters).toEqual(['ا', 'ش', 'م']);
  });
});
