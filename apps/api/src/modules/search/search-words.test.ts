import { describe, expect, it } from 'vitest';
import { isStopWord, searchWords, typoBudget } from './search-words.ts';

describe('searchWords', () => {
  it('folds case, accents and letters Unicode does not decompose', () => {
    expect(searchWords('Les Misérables')).toEqual(['les', 'miserables']);
    expect(searchWords('ŁÓDŹ Straße Ærø')).toEqual(['lodz', 'strasse', 'aero']);
  });

  it('joins words across apostrophes and splits on anything else', () => {
    expect(searchWords("Swann's Way")).toEqual(['swanns', 'way']);
    expect(searchWords('Tess of the d’Urbervilles')).toEqual(['tess', 'of', 'the', 'durbervilles']);
    expect(searchWords("Moby-Dick!:*&|()'")).toEqual(['moby', 'dick']);
  });

  it('spells variants one way, whole words only', () => {
    expect(searchWords('Grey Colours of the Centre')).toEqual(searchWords('gray colors of the center'));
    expect(searchWords('four hours')).toEqual(['four', 'hours']);
  });
});

describe('typoBudget', () => {
  it('forgives none below 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('STOP_WORDS', () => {
  it('holds both languages in index form, so a folded query word is found in it', () => {
    for (const word of ['of', 'the', 'and', 'من', 'في', 'و', 'على', 'عن']) expect(isStopWord(word), word).toBe(true);
    // إلى folds as the index folds it: the hamza is a mark, dropped.
    expect(searchWords('إلى').every(isStopWord)).toBe(true);
    expect(['war', 'salt', 'cities', 'it'].some(isStopWord)).toBe(false);
  });
});
