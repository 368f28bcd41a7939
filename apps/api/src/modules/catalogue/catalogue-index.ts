import { setImmediate, setTimeout } from 'node:timers/promises';
import type { Tx } from '../../platform/db.ts';
import * as queries from './queries.ts';
import { createSearchIndex, type SearchIndex } from '../search/service.ts';

/**
 * The shown catalogue in memory, for search and the list's counts and pages
 * (docs/decisions/050-forgiving-search.md). It is built in the background at start-up; until it
 * is ready (or if the build fails) `search` and `list` answer undefined and the caller asks the
 * database, and a failed build is tried again by the next read. A change is read
 * from the database as a delta (rows whose `changed_xid` is at or after the last snapshot's
 * xmin): after `invalidate()` (the after-commit hook of decision 064: this instance's writes,
 * other instances' NOTIFY) the next read waits for it, so nobody sees their own change
 * missing, and at most every `CATALOGUE_INDEX.maxAgeMs` a read starts one in the background for
 * changes nobody announced (stock taken on another instance).
 */

export const CATALOGUE_INDEX = {
  /** How old the index may get before a read refreshes it in the background. */
  maxAgeMs: 5_000,
  /** How long a read waits for the first build before the database answers it instead. */
  firstBuildWaitMs: 1_000,
} as const;

export type IndexLog = { info(message: string): void; error(message: string): void };

type Entry = {
  row: queries.IndexRow;
  rating: number;
  inStock: boolean;
  discounted: boolean;
};

/** The list's filters laid out in title order, rebuilt after changes (a few ms per 100,000 books). */
type ListLayout = {
  ids: Int32Array;
  priceFils: Int32Array;
  flags: Uint8Array;
  /** Positions by lower-cased genre or author name. */
  byGenre: Map<string, number[]>;
  byAuthor: Map<string, number[]>;
  positionOf: Map<number, number>;
};
/** Books read per query by the first build (by id range). */
const BUILD_SLICE = 10_000;
const IN_STOCK = 1;
const DISCOUNTED = 2;

export type IndexStats = { books: number; buildMs: number; builtAt: Date };

/** Below this many, dead search slots cost too little to rebuild for. */
const MIN_DEAD_SLOTS_TO_REBUILD = 1000;

export class CatalogueIndex {
  private searchIndex: SearchIndex = createSearchIndex();
  private readonly books = new Map<number, Entry>();
  private order: number[] = [];
  private layout: ListLayout | undefined;
  private xmin: string | undefined;
  private dirty = false;
  private refreshedAt = 0;
  private refreshing: Promise<void> | undefined;
  private building: Promise<void> | undefined;
  stats: IndexStats | undefined;

  /** Where build results go; the app's logger once `start` is given it. */
  private log: IndexLog = { info: () => undefined, error: () => undefined };

  constructor(
    private readonly db: Tx,
    private readonly options: { minDeadSlotsToRebuild?: number } = {},
  ) {}

  /** Books in the search index, and slots of books whose words changed, held until a rebuild. */
  get searchSlots(): { books: number; dead: number } {
    return { books: this.searchIndex.size, dead: this.searchIndex.deadSlots };
  }

  /** Starts the first build in the background, reporting to `log`. */
  start(log: IndexLog): void {
    this.log = log;
    void this.ready();
  }

  /** Starts the first build unless one ran or runs; resolves when the index can answer. */
  ready(): Promise<void> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = undefined;
      this.log.error(`Catalogue index build failed; search and lists use the database (${String(error)}).`);
    });
    return this.building;
  }

  /** The catalogue changed: the next read waits for the change to be read. */
  invalidate(): void {
    this.dirty = true;
  }

  /** The best `limit` shown books for `keyword`, or undefined if the index could not be built. */
  async search(keyword: string, limit: number): Promise<queries.BookRow[] | undefined> {
    if (!(await this.current())) return undefined;
    return this.searchIndex.search(keyword, limit).map((id) => this.books.get(id)!.row);
  }

  /** A page of the shown books `keyword` finds, ranked as `search`, with their total; undefined if the index could not be built. */
  async searchPage(
    keyword: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: queries.BookRow[]; total: number } | undefined> {
    if (!(await this.current())) return undefined;
    const { ids, total } = this.searchIndex.searchPage(keyword, offset, limit);
    return { rows: ids.map((id) => this.books.get(id)!.row), total };
  }

  /** Every shown book in title order, or undefined if the index could not be built. */
  async shown(): Promise<queries.IndexRow[] | undefined> {
    if (!(await this.current())) return undefined;
    return this.order.flatMap((id) => this.books.get(id)?.row ?? []);
  }

  /** A page of shown books in title order with the filter's total, or undefined if the index could not be built. */
  async list(
    filter: queries.BookFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: queries.BookRow[]; total: number } | undefined> {
    if (!(await this.current())) return undefined;
    const layout = (this.layout ??= this.layOut());
    // An unknown name matches nothing, as in the SQL list.
    const byGenre = filter.genre === undefined ? undefined : (layout.byGenre.get(filter.genre) ?? []);
    const byAuthor = filter.author === undefined ? undefined : (layout.byAuthor.get(filter.author) ?? []);
    const min = filter.minPriceFils ?? -Infinity;
    const max = filter.maxPriceFils ?? Infinity;
    const flags = (filter.inStockOnly ? IN_STOCK : 0) | (filter.discountedOnly ? DISCOUNTED : 0);

    const ids: number[] = [];
    let total = 0;
    const consider = (position: number) => {
      const price = layout.priceFils[position]!;
      if (price < min || price > max || (layout.flags[position]! & flags) !== flags) return;
      if (total >= offset && ids.length < limit) ids.push(layout.ids[position]!);
      total++;
    };
    if (byGenre && byAuthor) {
      const ofAuthor = new Set(byAuthor);
      for (const position of byGenre) if (ofAuthor.has(position)) consider(position);
    } else if (byGenre ?? byAuthor) {
      for (const position of (byGenre ?? byAuthor)!) consider(position);
    } else if (min === -Infinity && max === Infinity && flags === 0) {
      ids.push(...layout.ids.subarray(offset, offset + limit));
      total = layout.ids.length;
    } else {
      for (let position = 0; position < layout.ids.length; position++) consider(position);
    }
    return { rows: ids.map((id) => this.books.get(id)!.row), total };
  }

  /** Whether the index can answer; first reads what changed if it was told of a change. */
  private async current(): Promise<boolean> {
    // A small catalogue is built before a first read gives up waiting, so it is answered one way
    // from the start; a large one (seconds at 100,000 books) is answered by the database meanwhile.
    if (!this.stats)
      await Promise.race([this.ready(), setTimeout(CATALOGUE_INDEX.firstBuildWaitMs, undefined, { ref: false })]);
    if (!this.stats) return false;
    if (this.dirty || this.refreshing) await this.refresh();
    else if (Date.now() - this.refreshedAt > CATALOGUE_INDEX.maxAgeMs) void this.refresh().catch(() => undefined);
    return true;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    this.dirty = false;
    // Any write not committed at this snapshot has a transaction id ≥ xmin, so the first delta
    // reads it, whichever slice it fell in.
    const { xmin, maxId } = await queries.findIndexSnapshot(this.db);
    for (let fromId = 0; fromId <= maxId; fromId += BUILD_SLICE) {
      const rows = await queries.findShownBooksInIdRange(this.db, fromId, fromId + BUILD_SLICE);
      for (const [i, row] of rows.entries()) {
        this.put(row);
        // Let requests through (health checks, the database fallback) while the index fills.
        if (i % 1000 === 999) await setImmediate();
      }
    }
    // Read after the rows, so it holds every book they do; a book written in between is left out
    // of the lists until the first delta, which reads it.
    this.order = await queries.findShownBookIdsInTitleOrder(this.db);
    this.xmin = xmin;
    this.refreshedAt = Date.now();
    this.stats = { books: this.books.size, buildMs: Math.round(performance.now() - started), builtAt: new Date() };
    this.log.info(`Catalogue index built: ${this.stats.books} books in ${this.stats.buildMs} ms.`);
  }

  /** One delta at a time; a change announced while one runs gets another after it. */
  private refresh(): Promise<void> {
    if (this.refreshing) return this.dirty ? this.refreshing.then(() => this.refresh()) : this.refreshing;
    this.dirty = false;
    this.refreshing = this.applyChanges()
      .catch((error: unknown) => {
        // Not read: the next read tries again.
        this.dirty = true;
        throw error;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private async applyChanges(): Promise<void> {
    const { xmin, rows } = await queries.findBooksChangedSince(this.db, this.xmin!);
    let reorder = false;
    // Stock and price changes (every checkout) are patched into the list layout in place; other
    // changes lay it out again on the next list request (tens of ms at 100,000 books).
    let relayOut = false;
    const hidden = new Set<number>();
    for (const row of rows) {
      const before = this.books.get(row.id);
      if (!row.is_active) {
        if (before) hidden.add(row.id);
        continue;
      }
      if (before?.row.title !== row.title) reorder = true;
      if (before?.row.author_names !== row.author_names || before.row.genre_names !== row.genre_names) relayOut = true;
      this.put(row, before);
    }
    for (const id of hidden) {
      this.books.delete(id);
      this.searchIndex.remove(id);
    }
    if (reorder) this.order = await queries.findShownBookIdsInTitleOrder(this.db);
    else if (hidden.size) this.order = this.order.filter((id) => !hidden.has(id));
    if (reorder || relayOut || hidden.size) this.layout = undefined;
    else if (this.layout) for (const row of rows) this.patchLayout(this.layout, row.id);
    this.xmin = xmin;
    this.refreshedAt = Date.now();
    const minDead = this.options.minDeadSlotsToRebuild ?? MIN_DEAD_SLOTS_TO_REBUILD;
    if (this.searchIndex.deadSlots > Math.max(minDead, this.searchIndex.size)) this.rebuildSearch();
  }

  /**
   * A book whose words change gets a new slot in the search index and its old one dies. Once
   * there are more dead slots than books, the index is built again from the books in memory
   * (a second or so at 100,000 books, after as many edits), so memory follows the catalogue.
   */
  private rebuildSearch(): void {
    const fresh = createSearchIndex();
    for (const entry of this.books.values()) fresh.upsert(toIndexed(entry));
    this.searchIndex = fresh;
  }

  private patchLayout(layout: ListLayout, id: number): void {
    const position = layout.positionOf.get(id);
    const entry = this.books.get(id);
    if (position === undefined || !entry) return;
    layout.priceFils[position] = entry.row.discounted_price_fils;
    layout.flags[position] = flagsOf(entry);
  }

  private put(row: queries.IndexRow, before?: Entry): void {
    const entry: Entry = {
      row,
      rating: Number(row.rating_average),
      inStock: row.stock_quantity > 0,
      discounted: Number(row.discount_percentage) > 0,
    };
    this.books.set(row.id, entry);
    if (before && sameSearchText(before.row, row)) {
      if (before.rating !== entry.rating) this.searchIndex.setRating(row.id, entry.rating);
      return;
    }
    this.searchIndex.upsert(toIndexed(entry));
  }

  private layOut(): ListLayout {
    const ids = Int32Array.from(this.order.filter((id) => this.books.has(id)));
    const priceFils = new Int32Array(ids.length);
    const flags = new Uint8Array(ids.length);
    const byGenre = new Map<string, number[]>();
    const byAuthor = new Map<string, number[]>();
    const positionOf = new Map<number, number>();
    const add = (map: Map<string, number[]>, name: string, position: number) => {
      const key = name.toLowerCase();
      const positions = map.get(key);
      if (positions) positions.push(position);
      else map.set(key, [position]);
    };
    for (const [position, id] of ids.entries()) {
      const entry = this.books.get(id)!;
      priceFils[position] = entry.row.discounted_price_fils;
      flags[position] = flagsOf(entry);
      positionOf.set(id, position);
      for (const genre of entry.row.genres) add(byGenre, genre.name, position);
      for (const author of entry.row.authors) add(byAuthor, author.name, position);
    }
    return { ids, priceFils, flags, byGenre, byAuthor, positionOf };
  }
}

const flagsOf = (entry: Entry) => (entry.inStock ? IN_STOCK : 0) | (entry.discounted ? DISCOUNTED : 0);

/** Arabic names given, one text: names are searched as the words they hold (decision 091). */
const arabicNames = (named: { nameAr: string | null }[]) =>
  named.flatMap((item) => (item.nameAr ? [item.nameAr] : [])).join(' ');

/** Whether a book's searched words are unchanged, in both languages: then only its rating may need updating. */
const sameSearchText = (old: queries.IndexRow, row: queries.IndexRow) =>
  old.title === row.title &&
  old.title_ar === row.title_ar &&
  old.author_names === row.author_names &&
  old.genre_names === row.genre_names &&
  arabicNames(old.authors) === arabicNames(row.authors) &&
  arabicNames(old.genres) === arabicNames(row.genres);

/** Author and genre names are searched as the words they hold, so the joined names serve. */
const toIndexed = ({ row, rating }: Entry) => ({
  id: row.id,
  title: row.title,
  titleAr: row.title_ar,
  authorNames: [row.author_names, arabicNames(row.authors)],
  genreNames: [row.genre_names, arabicNames(row.genres)],
  rating,
});
