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

describe('searchWords on Arabic (decision 091)', () => {
  it('reads every hamza-carrying alef, and alef wasla, as a bare alef', () => {
    expect(searchWords('أدب إنسان آداب ٱسم')).toEqual(['ادب', 'انسان', 'اداب', 'اسم']);
  });

  it('reads hamza on waw and on yeh as the bare letter', () => {
    expect(searchWords('مؤمن رئيس')).toEqual(['مومن', 'رييس']);
  });

  it('reads teh marbuta as heh and alef maksura as yeh', () => {
    expect(searchWords('حمامة')).toEqual(searchWords('حمامه'));
    expect(searchWords('حمامة')).toEqual(['حمامه']);
    expect(searchWords('مصطفى')).toEqual(['مصطفي']);
    expect(searchWords('ديوان المتنبى')).toEqual(searchWords('ديوان المتنبي'));
  });

  it('drops tashkeel and tatweel', () => {
    expect(searchWords('كَلِيلَةُ وَدِمْنَةُ')).toEqual(['كليله', 'ودمنه']);
    expect(searchWords('حيّ بنُ يقظانٍ')).toEqual(['حي', 'بن', 'يقظان']);
    expect(searchWords('طـــوق الحمامـــة')).toEqual(['طوق', 'حمامه']);
    // Nothing but marks and tatweel is no word at all.
    expect(searchWords('ـــ َ ُ ـًـ')).toEqual([]);
  });

  it('reads Arabic-Indic and Persian digits as Latin ones', () => {
    expect(searchWords('١٢٣٤٥٦٧٨٩٠ ۱۲۳۴۵۶۷۸۹۰')).toEqual(['1234567890', '1234567890']);
    expect(searchWords('ليلة ١٠٠١')).toEqual(['ليله', '1001']);
  });

  it('takes off the article and the particles joined to it', () => {
    for (const typed of ['الأجنحة', 'اجنحه', 'والأجنحة', 'بالأجنحة', 'كالأجنحة', 'فالأجنحة', 'للأجنحة'])
      expect(searchWords(typed), typed).toEqual(['اجنحه']);
    expect(searchWords('ٱلْكِتَاب')).toEqual(['كتاب']);
  });

  it('keeps a word that only starts like the article when too little would be left', () => {
    // ألف (thousand) folds to الف: taking ال off would leave one letter.
    expect(searchWords('ألف ليلة')).toEqual(['الف', 'ليله']);
    expect(searchWords('الم والد')).toEqual(['الم', 'والد']);
  });

  it('keeps the name of God whole, with or without a joined particle', () => {
    for (const typed of ['الله', 'لله', 'والله', 'بالله']) expect(searchWords(typed), typed).toEqual(['الله']);
  });

  it('leaves Latin text alone', () => {
    expect(searchWords('Alhambra all ALLAH')).toEqual(['alhambra', 'all', 'allah']);
  });
});

describe('typoBudget', () => {
  it('forgives none below 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('STOP_WORDS', () => {
  it('holds both languages in index form, so a folded query word is found in it', () => {
    for (const word of ['of', 'the', 'and', 'من', 'في', 'و', 'عن']) expect(isStopWord(word), word).toBe(true);
    // إلى and الى are one word once the hamza (a mark) is gone and ى is read as ي.
    for (const typed of ['إلى', 'الى', 'إلي', 'أو', 'او'])
      expect(searchWords(typed).every(isStopWord), typed).toBe(true);
    expect(['war', 'salt', 'cities', 'it'].some(isStopWord)).toBe(false);
  });

  it('leaves out على, which with ى read as ي is the name علي', () => {
    expect(searchWords('على')).toEqual(searchWords('علي'));
    expect(searchWords('على').some(isStopWord)).toBe(false);
  });
});
