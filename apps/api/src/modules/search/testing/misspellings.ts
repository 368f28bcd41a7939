import { type Random, seededRandom } from '../../../platform/seeded-random.ts';

/**
 * The relevance test set (docs/decisions/050-forgiving-search.md): misspelt queries drawn from a
 * catalogue by a seeded generator, so every run asks the same questions. Each names the book
 * it should find. Search is tuned on the set as a whole, never on one query.
 */

export const SLIPS = ['swap', 'drop', 'double', 'neighbour-key', 'phonetic', 'real-word', 'split', 'join'] as const;
export type Slip = (typeof SLIPS)[number];

export type MisspeltQuery = { slip: Slip; query: string; expectedTitle: string };
type SourceBook = { title: string; authors: string[] };

const QWERTY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Keys next to a key on a QWERTY keyboard, same row or the row above or below. */
function neighbours(key: string): string[] {
  const row = QWERTY_ROWS.findIndex((letters) => letters.includes(key));
  if (row < 0) return [];
  const column = QWERTY_ROWS[row]!.indexOf(key);
  const near: string[] = [];
  for (const r of [row - 1, row, row + 1]) {
    const letters = QWERTY_ROWS[r];
    if (!letters) continue;
    for (const c of [column - 1, column, column + 1]) if (letters[c] && letters[c] !== key) near.push(letters[c]);
  }
  return near;
}

/** Spelling by ear: each rule turns a sound's usual spelling into another that sounds alike. */
const PHONETIC_RULES: [RegExp, string][] = [
  [/ph/, 'f'],
  [/ck/, 'k'],
  [/c(?=[aou])/, 'k'],
  [/k/, 'c'],
  [/ee/, 'ea'],
  [/ea/, 'ee'],
  [/ie/, 'ei'],
  [/ei/, 'ie'],
  [/y$/, 'i'],
  [/(?<=[a-z])i(?=[a-z])/, 'y'],
  [/(?<=[aeiou])s(?=[aeiou])/, 'z'],
  [/z/, 's'],
  [/ou/, 'ow'],
  [/([lstnmrp])\1/, '$1'],
  [/(?<=[aeiou])([lntrp])(?=[aeiou])/, '$1$1'],
  [/v/, 'w'],
  [/x/, 'ks'],
  [/qu/, 'kw'],
  [/gh/, 'g'],
];

/** Real words typed for the intended one: homophones and near-words a spell checker lets through. */
const REAL_WORDS: Record<string, string> = {
  peace: 'piece',
  tale: 'tail',
  tales: 'tails',
  two: 'too',
  great: 'grate',
  red: 'read',
  sun: 'son',
  sons: 'suns',
  prince: 'prints',
  princess: 'princes',
  house: 'horse',
  time: 'thyme',
  war: 'wore',
  night: 'knight',
  nights: 'knights',
  dead: 'deed',
  trial: 'trail',
  black: 'block',
  lost: 'last',
  world: 'word',
  worlds: 'words',
  innocence: 'innocents',
  men: 'man',
  man: 'men',
  women: 'woman',
  woman: 'women',
  sense: 'cents',
  souls: 'soles',
  boat: 'boot',
  road: 'rode',
  sea: 'see',
  new: 'knew',
  rights: 'writes',
  whole: 'hole',
  wild: 'wide',
  heart: 'hart',
  steps: 'stops',
  four: 'for',
  eight: 'ate',
  days: 'daze',
  wind: 'wine',
  secret: 'secrete',
  garden: 'guardian',
  little: 'litter',
  call: 'cole',
  island: 'islands',
  hound: 'pound',
  crime: 'grime',
  carol: 'coral',
  story: 'storey',
  mars: 'mares',
  screw: 'crew',
  letter: 'latter',
  raven: 'ravine',
  prejudice: 'prejudiced',
  princes: 'prince',
  thousand: 'thousands',
  travels: 'travel',
  poems: 'poem',
  origin: 'original',
  republic: 'public',
  discourse: 'discourses',
  art: 'arts',
  moon: 'noon',
  earth: 'hearth',
  leagues: 'leaves',
  grass: 'glass',
  dog: 'dig',
  hyde: 'hide',
};

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** What a customer would type for a book: its title, or the author's surname and a title word. */
function queryWords(random: Random, book: SourceBook): string[] {
  const title = words(book.title.replace(/['’]/g, ''));
  if (random() < 0.3) {
    const surname = words(book.authors[0]!).at(-1)!;
    const longest = [...title].sort((a, b) => b.length - a.length)[0]!;
    return [surname, longest];
  }
  // Long titles are typed in part: four words from the start.
  return title.slice(0, 4);
}

/** Changes one letter-level thing in `word` the way `slip` does, or gives undefined when it cannot. */
function slipLetters(random: Random, slip: Slip, word: string): string | undefined {
  if (word.length < 4) return undefined;
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (slip) {
    case 'swap':
      return word[at] === word[at + 1] ? undefined : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 'drop':
      return word.slice(0, at) + word.slice(at + 1);
    case 'double':
      return word.slice(0, at) + word[at] + word.slice(at);
    case 'neighbour-key': {
      const near = neighbours(word[at]!);
      return near.length ? word.slice(0, at) + pick(random, near) + word.slice(at + 1) : undefined;
    }
    case 'phonetic': {
      const rules = PHONETIC_RULES.filter(([pattern]) => pattern.test(word));
      if (!rules.length) return undefined;
      const [pattern, replacement] = pick(random, rules);
      return word.replace(pattern, replacement);
    }
    default:
      return undefined;
  }
}

/** One misspelt query of `slip` for `book`, or undefined when the book offers no place for it. */
function misspell(random: Random, slip: Slip, book: SourceBook): string | undefined {
  const typed = queryWords(random, book);
  switch (slip) {
    case 'real-word': {
      const places = typed.map((word, i) => (REAL_WORDS[word] ? i : -1)).filter((i) => i >= 0);
      if (!places.length) return undefined;
      const i = pick(random, places);
      return typed.map((word, j) => (j === i ? REAL_WORDS[word] : word)).join(' ');
    }
    case 'split': {
      const places = typed.map((word, i) => (word.length >= 6 ? i : -1)).filter((i) => i >= 0);
      if (!places.length) return undefined;
      const i = pick(random, places);
      const word = typed[i]!;
      const at = 3 + Math.floor(random() * (word.length - 5));
      return typed.map((w, j) => (j === i ? `${word.slice(0, at)} ${word.slice(at)}` : w)).join(' ');
    }
    case 'join': {
      if (typed.length < 2) return undefined;
      const i = Math.floor(random() * (typed.length - 1));
      return [...typed.slice(0, i), typed[i]! + typed[i + 1]!, ...typed.slice(i + 2)].join(' ');
    }
    default: {
      const places = typed.map((word, i) => (word.length >= 4 ? i : -1)).filter((i) => i >= 0);
      if (!places.length) return undefined;
      const i = pick(random, places);
      const slipped = slipLetters(random, slip, typed[i]!);
      if (!slipped || slipped === typed[i]) return undefined;
      return typed.map((word, j) => (j === i ? slipped : word)).join(' ');
    }
  }
}

/** `perSlip` distinct misspelt queries of every kind, drawn from `books` with `seed`. */
export function misspeltQueries(books: SourceBook[], options: { perSlip: number; seed: number }): MisspeltQuery[] {
  const random = seededRandom(options.seed);
  const queries: MisspeltQuery[] = [];
  for (const slip of SLIPS) {
    const seen = new Set<string>();
    for (let attempt = 0; seen.size < options.perSlip && attempt < options.perSlip * 50; attempt++) {
      const book = pick(random, books);
      const query = misspell(random, slip, book);
      if (query === undefined || seen.has(query)) continue;
      seen.add(query);
      queries.push({ slip, query, expectedTitle: book.title });
    }
  }
  return queries;
}
