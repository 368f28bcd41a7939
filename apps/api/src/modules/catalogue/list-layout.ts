import { IntList } from '../../platform/typed-arrays.ts';
import type { BookFilter } from './queries.ts';

/*
 * The storefront's list from memory (decisions 096 and 112): the shown books in title order, each
 * with the price and stock flags its filters read, and the same again for each genre and author,
 * side by side, so a filter walks its candidates' memory in order rather than jumping about a
 * million-book array. What a filter's first list learns lets its later pages start near their
 * first book.
 */

export const IN_STOCK = 1;
export const DISCOUNTED = 2;

/** Books laid out between pauses while the first build lays out the list. */
const LAYOUT_STEP = 50_000;
/** Matches between checkpoints: a page walks past fewer than this many before its first book. */
const FILTER_STRIDE = 256;
/** Filters remembered at most; beyond, all are forgotten and learnt again. */
const MAX_FILTERS = 10_000;
/** Checkpoints kept at most over all filters (4 MB): a filter letting a million books through keeps about 4,000. */
const MAX_CHECKPOINTS = 1_000_000;

/** Books a filter may let through, in title order, with what it checks of each beside them. */
type Candidates = {
  /** List positions; undefined: the i-th candidate is position i (the whole list). */
  positions: Int32Array | undefined;
  priceFils: Int32Array;
  flags: Uint8Array;
};

/** The candidates of an unknown genre or author: none (never patched, so shared). */
const none: Candidates = { positions: new Int32Array(0), priceFils: new Int32Array(0), flags: new Uint8Array(0) };

/** What a filter's first list learnt: its total, and the candidate index of match 0, stride, 2 × stride, … */
type LearntFilter = { total: number; every: Int32Array };

/** The list laid out in title order, rebuilt after changes other than prices and stock (tens of ms per 100,000 books). */
export type ListLayout = {
  /** Book ids by position. */
  ids: Int32Array;
  /** Position + 1 by book id (0: not listed). */
  positionOf: Int32Array;
  all: Candidates;
  byGenre: Map<number, Candidates>;
  byAuthor: Map<number, Candidates>;
  /** Genre and author ids by lower-cased name, as the filter names them. */
  genreIds: Map<string, number>;
  authorIds: Map<string, number>;
  /** By filter; emptied when a price or stock change is patched in. */
  filters: Map<string, LearntFilter>;
  checkpoints: number;
};

/** What the layout is made from: the index's books, by id, and the names of their authors and genres. */
export type LayoutSource = {
  /** Shown book ids in title order (may hold hidden ones, left out). */
  order: Int32Array;
  shownById: Uint8Array;
  priceById: Int32Array;
  flagsById: Uint8Array;
  /** A book's author ids then genre ids, at `refStart` in `refs`. */
  refs: Int32Array;
  refStart: Int32Array;
  authorCount: Uint8Array;
  genreCount: Uint8Array;
  authorNames: Map<number, { name: string }>;
  genreNames: Map<number, { name: string }>;
};

/** The list layout, pausing every `LAYOUT_STEP` books (a generator, so the build can yield there). */
export function* layOutInSteps(source: LayoutSource): Generator<void, ListLayout> {
  const ids = source.order.filter((id) => source.shownById[id] === 1);
  const priceFils = new Int32Array(ids.length);
  const flags = new Uint8Array(ids.length);
  const positionOf = new Int32Array(source.shownById.length);
  const byGenreLists = new Map<number, IntList>();
  const byAuthorLists = new Map<number, IntList>();
  const add = (map: Map<number, IntList>, key: number, position: number) => {
    let positions = map.get(key);
    if (!positions) map.set(key, (positions = new IntList(64)));
    positions.push(position);
  };
  for (const [position, id] of ids.entries()) {
    if (position % LAYOUT_STEP === LAYOUT_STEP - 1) yield;
    priceFils[position] = source.priceById[id]!;
    flags[position] = source.flagsById[id]!;
    positionOf[id] = position + 1;
    const start = source.refStart[id]!;
    const authors = source.authorCount[id]!;
    for (let i = 0; i < authors; i++) add(byAuthorLists, source.refs[start + i]!, position);
    for (let i = 0; i < source.genreCount[id]!; i++) add(byGenreLists, source.refs[start + authors + i]!, position);
  }
  const all: Candidates = { positions: undefined, priceFils, flags };
  const packed = (lists: Map<number, IntList>) =>
    new Map([...lists].map(([key, list]) => [key, candidatesAt(all, list.data.slice(0, list.length))]));
  const byName = (named: Map<number, { name: string }>) =>
    new Map([...named].map(([id, { name }]) => [name.toLowerCase(), id]));
  return {
    ids,
    positionOf,
    all,
    byGenre: packed(byGenreLists),
    byAuthor: packed(byAuthorLists),
    genreIds: byName(source.genreNames),
    authorIds: byName(source.authorNames),
    filters: new Map(),
    checkpoints: 0,
  };
}

/** The ids of a page of the books `filter` lets through, in title order, and how many it lets through. */
export function listPage(
  layout: ListLayout,
  filter: BookFilter,
  limit: number,
  offset: number,
): { ids: number[]; total: number } {
  const { ids: listed } = layout;
  // An unknown name matches nothing, as in the SQL list.
  const named = (ids: Map<string, number>, byId: Map<number, Candidates>, name: string | undefined) => {
    if (name === undefined) return undefined;
    const id = ids.get(name);
    return id === undefined ? none : (byId.get(id) ?? none);
  };
  const byGenre = named(layout.genreIds, layout.byGenre, filter.genre);
  const byAuthor = named(layout.authorIds, layout.byAuthor, filter.author);
  const candidates = byGenre && byAuthor ? both(byAuthor, byGenre) : (byGenre ?? byAuthor ?? layout.all);
  const { positions } = candidates;
  const length = candidates.priceFils.length;
  const min = filter.minPriceFils ?? -Infinity;
  const max = filter.maxPriceFils ?? Infinity;
  const flags = (filter.inStockOnly ? IN_STOCK : 0) | (filter.discountedOnly ? DISCOUNTED : 0);
  if (min === -Infinity && max === Infinity && flags === 0) {
    const page = positions
      ? Array.from(positions.subarray(offset, offset + limit), (position) => listed[position]!)
      : Array.from(listed.subarray(offset, offset + limit));
    return { ids: page, total: length };
  }

  const page: number[] = [];
  const walk = (from: number, matched: number, every?: IntList) =>
    walkCandidates(candidates, { min, max, flags }, { from, matched, offset, limit, listed, page, every });
  const filterKey = [filter.genre, filter.author, min, max, flags].join('\u0000');
  const known = layout.filters.get(filterKey);
  if (known) {
    // From the checkpoint at or before the page's first match: fewer than a stride of matches is walked past.
    const checkpoint = Math.floor(offset / FILTER_STRIDE);
    walk(known.every[checkpoint] ?? length, checkpoint * FILTER_STRIDE);
    return { ids: page, total: known.total };
  }
  // A filter's first list walks all its candidates, learning its total and a checkpoint every stride.
  const every = new IntList(64);
  const total = walk(0, 0, every);
  learn(layout, filterKey, { total, every: every.data.slice(0, every.length) });
  return { ids: page, total };
}

/**
 * Walks the candidates from the `from`-th, counting matches from `matched`, and puts the ids of
 * matches `offset` on in `page` until it holds `limit`. Stops there, or with `every` goes to the
 * end and keeps there the candidate index of every stride's first match. Returns the matches counted.
 *
 * Whether a book matches is often a coin toss, which a branch would guess wrong half the time:
 * the tests are numbers (0 or 1) and-ed together, and the branches left are rarely taken (5 times faster).
 */
function walkCandidates(
  { positions, priceFils, flags: flagsAt }: Candidates,
  { min, max, flags }: { min: number; max: number; flags: number },
  walk: {
    from: number;
    matched: number;
    offset: number;
    limit: number;
    listed: Int32Array;
    page: number[];
    every?: IntList;
  },
): number {
  const { offset, limit, listed, page, every } = walk;
  const length = priceFils.length;
  let { matched } = walk;
  for (let i = walk.from; i < length && (every !== undefined || page.length < limit); i++) {
    const price = priceFils[i]!;
    const hit = +(price >= min) & +(price <= max) & +((flagsAt[i]! & flags) === flags);
    if (every && hit & +(matched % FILTER_STRIDE === 0)) every.push(i);
    if (hit & +(matched >= offset) & +(page.length < limit)) page.push(listed[positions ? positions[i]! : i]!);
    matched += hit;
  }
  return matched;
}

/**
 * Puts a book's new price and stock flags in the layout (every checkout moves stock) wherever it is
 * a candidate: the list, and its authors' and genres' lists. Its authors and genres are as laid out.
 */
export function patchBook(
  layout: ListLayout,
  id: number,
  book: { priceFils: number; flags: number; authors: Int32Array; genres: Int32Array },
): void {
  const position = (layout.positionOf[id] ?? 0) - 1;
  if (position < 0) return;
  const { all } = layout;
  if (all.priceFils[position] === book.priceFils && all.flags[position] === book.flags) return;
  const patch = (candidates: Candidates | undefined) => {
    const at = candidates?.positions ? indexOf(candidates.positions, position) : -1;
    if (at < 0) return;
    candidates!.priceFils[at] = book.priceFils;
    candidates!.flags[at] = book.flags;
  };
  all.priceFils[position] = book.priceFils;
  all.flags[position] = book.flags;
  for (const author of book.authors) patch(layout.byAuthor.get(author));
  for (const genre of book.genres) patch(layout.byGenre.get(genre));
  // A new price or stock state moves books in or out of price and stock filters; a sale that
  // leaves the book in stock at its price (most of them) moves none.
  forgetFilters(layout);
}

function learn(layout: ListLayout, key: string, filter: LearntFilter): void {
  layout.checkpoints -= layout.filters.get(key)?.every.length ?? 0;
  if (layout.filters.size >= MAX_FILTERS || layout.checkpoints + filter.every.length > MAX_CHECKPOINTS)
    forgetFilters(layout);
  layout.filters.set(key, filter);
  layout.checkpoints += filter.every.length;
}

function forgetFilters(layout: ListLayout): void {
  layout.filters.clear();
  layout.checkpoints = 0;
}

/** The candidates at these positions of the whole list, their prices and flags copied beside them. */
function candidatesAt(all: Candidates, positions: Int32Array): Candidates {
  const priceFils = new Int32Array(positions.length);
  const flags = new Uint8Array(positions.length);
  for (const [i, position] of positions.entries()) {
    priceFils[i] = all.priceFils[position]!;
    flags[i] = all.flags[position]!;
  }
  return { positions, priceFils, flags };
}

/** The candidates in both (an author's, which are few, and a genre's). */
function both(few: Candidates, many: Candidates): Candidates {
  const kept = new IntList(Math.max(4, few.priceFils.length));
  for (const [i, position] of few.positions!.entries()) if (indexOf(many.positions!, position) >= 0) kept.push(i);
  const at = kept.view();
  return {
    positions: Int32Array.from(at, (i) => few.positions![i]!),
    priceFils: Int32Array.from(at, (i) => few.priceFils[i]!),
    flags: Uint8Array.from(at, (i) => few.flags[i]!),
  };
}

/** Where `value` is in ascending `sorted`, or -1. */
function indexOf(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return sorted[low] === value ? low : -1;
}
