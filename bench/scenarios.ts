import { PAGE_SIZE_OPTIONS } from '../packages/contracts/src/constants.ts';
import { type Random, seededRandom } from '../apps/api/src/platform/seeded-random.ts';
import { ADJECTIVES, NOUNS, PLACES } from './generate-data.ts';

/**
 * The request mixes. They are drawn from a seeded generator, so every run sends the same
 * requests in the same order and runs stay comparable.
 */

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, probability: number) => random() < probability;

/**
 * Storefront list requests: mostly early pages of the default size, a genre page or an
 * author page, price ranges from the slider, the in-stock and discount switches, and a thin
 * tail of deep pages. `count` independent draws, so popular requests repeat.
 */
export function listPaths(options: { genres: string[]; authors: string[]; count: number; seed?: number }): string[] {
  const random = seededRandom(options.seed ?? 1);
  const paths: string[] = [];
  for (let n = 0; n < options.count; n++) {
    const query = new URLSearchParams();
    const browse = random();
    if (browse < 0.35) query.set('genre', pick(random, options.genres));
    else if (browse < 0.5) query.set('author', pick(random, options.authors));

    if (chance(random, 0.25)) {
      const min = pick(random, [0, 0, 20, 50, 100]);
      const max = pick(
        random,
        [50, 100, 150, 300, 1000].filter((value) => value > min),
      );
      if (min > 0) query.set('minPrice', String(min));
      query.set('maxPrice', String(max));
    }
    if (chance(random, 0.3)) query.set('filterInStock', 'true');
    if (chance(random, 0.15)) query.set('hasDiscount', 'true');

    const pageSize = chance(random, 0.6) ? 10 : pick(random, PAGE_SIZE_OPTIONS);
    if (pageSize !== 10 || chance(random, 0.5)) query.set('pageSize', String(pageSize));
    const depth = random();
    // An author has ~50 books, so author pages stay shallow; the catalogue and genres go deeper.
    const deepest = query.has('author')
      ? 3
      : query.size === 0 || (query.size === 1 && query.has('pageSize'))
        ? 400
        : 40;
    const pageNo =
      depth < 0.6
        ? 1
        : depth < 0.85
          ? 2 + Math.floor(random() * 4)
          : depth < 0.98
            ? 6 + Math.floor(random() * 30)
            : 1 + Math.floor(random() * deepest);
    if (pageNo > 1) query.set('pageNo', String(Math.min(pageNo, deepest)));

    paths.push(`/api/v1/books${query.size ? `?${query.toString()}` : ''}`);
  }
  return paths;
}

/** A keyword with one human slip: a swapped pair, a dropped or a doubled letter. */
export function withTypo(random: Random, word: string): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const slip = random();
  if (slip < 0.4) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (slip < 0.7) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}

/**
 * Search keywords as people type them into the search box (debounced, so whole words): title
 * words and phrases, author names, genres, prefixes, about a third with a typo, and a few that
 * match nothing. `count` independent draws, so popular keywords repeat.
 */
export function searchKeywords(options: {
  genres: string[];
  authors: string[];
  count: number;
  seed?: number;
}): string[] {
  const random = seededRandom(options.seed ?? 2);
  const keywords: string[] = [];
  for (let n = 0; n < options.count; n++) {
    const kind = random();
    let keyword: string;
    if (kind < 0.25) keyword = pick(random, [...ADJECTIVES, ...NOUNS, ...PLACES]);
    else if (kind < 0.4) keyword = `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
    else if (kind < 0.55) keyword = pick(random, options.authors).split(' ').at(-1)!;
    else if (kind < 0.65) keyword = pick(random, options.authors);
    else if (kind < 0.75) keyword = pick(random, options.genres);
    else if (kind < 0.85) keyword = pick(random, [...NOUNS, ...PLACES]).slice(0, 4);
    else if (kind < 0.97) keyword = `${pick(random, NOUNS)} ${pick(random, PLACES)}`;
    else keyword = pick(random, ['zzxqv', 'qwrtpl', 'xkcdqq']);
    if (kind < 0.85 && chance(random, 0.33)) {
      const words = keyword.split(' ');
      const slipped = Math.floor(random() * words.length);
      keyword = words.map((word, index) => (index === slipped ? withTypo(random, word) : word)).join(' ');
    }
    keywords.push(chance(random, 0.5) ? keyword.toLowerCase() : keyword);
  }
  return keywords;
}

export const searchPath = (keyword: string) => `/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`;

/** The requests without repeats, first occurrence kept, at most `size` of them. */
export function distinct<T>(items: T[], size = Infinity): T[] {
  return [...new Set(items)].slice(0, size);
}
