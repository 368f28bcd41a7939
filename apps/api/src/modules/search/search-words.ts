/**
 * How search reads text (docs/decisions/050-forgiving-search.md): the same rules turn a book's
 * title, authors and genres into index words and a customer's keyword into query words, so
 * "Les Misérables" and "les miserables", "Grey" and "gray", "Hitchhiker's" and "hitchhikers"
 * meet on one form.
 */

/** Letters that Unicode decomposition does not split into a base letter and a mark. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * British and American spellings (and a few common variants) mapped to one form. Whole words
 * only: a rule such as "our → or" would also turn "four" and "hour" into non-words.
 */
const VARIANT_STEMS: [string, string][] = [
  ['grey', 'gray'],
  ['colour', 'color'],
  ['favour', 'favor'],
  ['favourite', 'favorite'],
  ['honour', 'honor'],
  ['harbour', 'harbor'],
  ['neighbour', 'neighbor'],
  ['labour', 'labor'],
  ['humour', 'humor'],
  ['rumour', 'rumor'],
  ['armour', 'armor'],
  ['valour', 'valor'],
  ['vigour', 'vigor'],
  ['splendour', 'splendor'],
  ['parlour', 'parlor'],
  ['odour', 'odor'],
  ['behaviour', 'behavior'],
  ['endeavour', 'endeavor'],
  ['glamour', 'glamor'],
  ['savour', 'savor'],
  ['centre', 'center'],
  ['theatre', 'theater'],
  ['metre', 'meter'],
  ['fibre', 'fiber'],
  ['sombre', 'somber'],
  ['spectre', 'specter'],
  ['sceptre', 'scepter'],
  ['calibre', 'caliber'],
  ['catalogue', 'catalog'],
  ['dialogue', 'dialog'],
  ['analogue', 'analog'],
  ['defence', 'defense'],
  ['offence', 'offense'],
  ['licence', 'license'],
  ['pretence', 'pretense'],
  ['jewellery', 'jewelry'],
  ['jeweller', 'jeweler'],
  ['traveller', 'traveler'],
  ['travelling', 'traveling'],
  ['travelled', 'traveled'],
  ['marvellous', 'marvelous'],
  ['programme', 'program'],
  ['plough', 'plow'],
  ['mould', 'mold'],
  ['moustache', 'mustache'],
  ['pyjamas', 'pajamas'],
  ['sceptic', 'skeptic'],
  ['sceptical', 'skeptical'],
  ['aluminium', 'aluminum'],
  ['ageing', 'aging'],
  ['whisky', 'whiskey'],
  ['practise', 'practice'],
  ['realise', 'realize'],
  ['organise', 'organize'],
  ['civilisation', 'civilization'],
  ['apologise', 'apologize'],
  ['recognise', 'recognize'],
  ['encyclopaedia', 'encyclopedia'],
  ['mediaeval', 'medieval'],
  ['manoeuvre', 'maneuver'],
];

/** Every variant form, plus its plural where it makes one, mapped to the American form. */
const VARIANTS = new Map<string, string>(
  VARIANT_STEMS.flatMap(([british, american]) => [
    [british, american],
    [`${british}s`, `${american}s`],
  ]),
);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Arabic letters written more than one way, after decomposition has already taken the hamza off
 * أ إ آ ؤ ئ (decision 091): alef wasla and the rarer hamza-carrying alefs as bare alef, teh marbuta
 * as heh, alef maksura as yeh, and the Persian yeh and keheh of Persian keyboards as the Arabic ones.
 */
const ARABIC_LETTERS: Record<string, string> = {
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ة: 'ه',
  ى: 'ي',
  ی: 'ي',
  ک: 'ك',
};
const ARABIC_LETTER = /[ٱٲٳةىیک]/g;
/** Tatweel, the stretching stroke: decoration, not a letter. */
const TATWEEL = /\u0640/g;
/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits, read as the Latin digit of the same value. */
const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const latinDigit = (digit: string) => String((digit.codePointAt(0)! - 0x0660) % 0x90);

/**
 * The definite article and the particles written joined to it (و، ب، ك، ف + ال; ل + ال as لل),
 * longest first. Taken off a word only when at least two letters remain, so words that merely
 * start with these letters and are short (ألف → الف, لله, والد) keep their form.
 */
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const MIN_AFTER_ARTICLE = 2;

/** The name of God, whose ال is part of the name, with a particle joined or not (والله, بالله, لله). */
const ALLAH = /^(?:[وبفك]?ال|ل)له$/;

/** The word without its article, when it has one and enough is left (decision 091). */
function withoutArticle(word: string): string {
  if (ALLAH.test(word)) return 'الله';
  for (const article of ARTICLES)
    if (word.startsWith(article) && [...word].length - article.length >= MIN_AFTER_ARTICLE)
      return word.slice(article.length);
  return word;
}

/**
 * Lower-case, without accents or apostrophes, Arabic spelled one way (no tashkeel, which are
 * marks, nor tatweel; hamza forms as alef, ة as ه, ى as ي; Latin digits): the form every
 * comparison starts from.
 */
function fold(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED_LETTERS[letter]!)
      .replace(ARABIC_LETTER, (letter) => ARABIC_LETTERS[letter]!)
      .replace(TATWEEL, '')
      .replace(ARABIC_DIGIT, latinDigit)
      // "Swann's", "d'Urbervilles": the apostrophe joins, it does not separate.
      .replace(/([\p{L}\p{N}])['’ʼ](?=[\p{L}\p{N}])/gu, '$1')
  );
}

/**
 * The words of a text in index form: folded, split on anything but letters and digits, variants
 * unified, the Arabic article taken off. Books and keywords are read alike, so 'الأجنحة',
 * 'والاجنحه' and 'اجنحة' are all 'اجنحه'.
 */
export function searchWords(text: string): string[] {
  return (fold(text).match(WORD) ?? []).map((word) => VARIANTS.get(word) ?? withoutArticle(word));
}

/**
 * Typos forgiven in a word of this many characters (code points, in index form: an Arabic word is
 * measured after its article and tashkeel are gone): none below 5, one from 5, two from 9.
 */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Words that say nothing about which book is meant (decision 088): never indexed and never a
 * query word on their own, so 'of' in 'Cities of Salt' does not bring in every title holding
 * 'of'. The one list for both languages; written as people type them and read through
 * `searchWords`, so the set holds them in index form (إلى and الى are both الي) and stays in step
 * with any later change to the folding. Short on purpose: a word that can name a book ('war',
 * 'love', 'it' in some titles) does not belong here. على (on) left the list with decision 091:
 * with ى read as ي it is the name علي (Ali).
 */
const STOP_WORD_TEXT = [
  // English
  'a an and the of in on to for at by with from or as into',
  // Arabic: من (from), في (in), و (and), عن (about), إلى / الى (to), ب (with), ل (for), أو (or), مع (with)
  'من في و عن إلى الى ب ل أو او مع',
].join(' ');

export const STOP_WORDS: ReadonlySet<string> = new Set(searchWords(STOP_WORD_TEXT));

/** Whether a word, in index form, carries no meaning alone. */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);
