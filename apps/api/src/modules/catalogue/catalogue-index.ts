import { setImmediate, setTimeout } from 'node:timers/promises';
import type { Tx } from '../../platform/db.ts';
import * as queries from './queries.ts';
import { createSearchIndex, restoreSearchIndex, type SearchIndex } from '../search/service.ts';
import { grownFor, IntList } from '../../platform/typed-arrays.ts';
import { RowCache } from './row-cache.ts';
import { DISCOUNTED, IN_STOCK, layOutInSteps, listPage, patchBook, type ListLayout } from './list-layout.ts';
import { BookLabels, coverKeyOf, type BookLabel } from './book-labels.ts';
import {
  ForeignSnapshot,
  readIndexSnapshot,
  writeIndexSnapshot,
  type CatalogueIndexState,
  type IndexSnapshot,
} from './index-snapshot.ts';

/**
 * The shown catalogue in memory, for search and the list's counts and pages
 * (docs/decisions/050-forgiving-search.md). It is built in the background at start-up; until it
 * is ready (or if the build fails) `search` and `list` answer undefined and the caller asks the
 * database, and a failed build is tried again by the next read. A change is read
 * from the database as a delta (rows whose `changed_xid` is at or after the last snapshot's
 * xmin): after `invalidate()` (the after-commit hook of decision 064: this instance's writes,
 * other instances' NOTIFY) the next read waits for it, so nobody sees their own change
 * missing, and at most every `CATALOGUE_INDEX.maxAgeMs` a read starts one in the background for
 * changes nobody announced (stock taken on another instance). With a snapshot file, the first build
 * starts from the state the last snapshot holds and reads only the changes since, and the index
 * writes its state there after that build and again while changes come (decision 106).
 */

export const CATALOGUE_INDEX = {
  /** How old the index may get before a read refreshes it in the background. */
  maxAgeMs: 5_000,
  /** How long a read waits for the first build before the database answers it instead. */
  firstBuildWaitMs: 1_000,
  /**
   * How often at most the snapshot is written again while changes are applied (decision 106): a
   * start then reads at most this long's changes, and writing costs a copy of the index each time.
   */
  snapshotIntervalMs: 10 * 60_000,
} as const;

export type IndexLog = { info(message: string): void; error(message: string): void };

/** An author or genre, its name kept once however many books it has (decision 096). */
type Named = { name: string; nameAr: string | null };

/** Books read per query by the first build (by id range). */
const BUILD_SLICE = 20_000;
/** Rows read per query while the row cache is filled: small, so requests are answered in between. */
const ROW_WARM_SLICE = 2_000;

export type IndexStats = {
  books: number;
  buildMs: number;
  builtAt: Date;
  /** Whether the first build started from a snapshot (decision 106) or read every book. */
  source: 'snapshot' | 'database';
};

export type IndexOptions = {
  /** Tests lower these to see a rebuild and a bounded row cache. */
  minDeadSlotsToRebuild?: number;
  rowCacheBooks?: number;
  /** Where the index keeps its snapshot (decision 106); without it, it neither reads nor writes one. */
  snapshotFile?: string;
  /** Tests lower it to see a snapshot written after changes. */
  snapshotIntervalMs?: number;
};

/** What the last snapshot written took: its size, the whole write, and the copy that blocked the event loop. */
type SnapshotWrite = { bytes: number; ms: number; copyMs: number };

/** Below this many, dead search slots cost too little to rebuild for. */
const MIN_DEAD_SLOTS_TO_REBUILD = 1000;

/**
 * Rows of books kept (decision 096; since decision 112 without their authors and genres, which
 * the index names), under 1 KiB each: filled after the first build in id order, then the most
 * recently answered. A catalogue this size is answered without reading a row, as before the
 * index was compact; a larger one reads the rest by id, and its memory stays bounded (under
 * 100 MiB) however large the catalogue.
 */
export const ROW_CACHE_BOOKS = 100_000;

export class CatalogueIndex {
  private searchIndex: SearchIndex = createSearchIndex();
  // Per book, by id (ids are dense): whether shown, and what the list filters and change tracking read.
  private shownById = new Uint8Array(0);
  private priceById = new Int32Array(0);
  private flagsById = new Uint8Array(0);
  /** Hashes of the title (order), of the searched words, and of the author and genre ids (filters). */
  private titleHashById = new Uint32Array(0);
  private wordsHashById = new Uint32Array(0);
  private namesHashById = new Uint32Array(0);
  /** A book's author ids then genre ids, at `refStart` in `refs`; a changed book's are appended anew. */
  private refs = new IntList(1024);
  private refStart = new Int32Array(0);
  private authorCount = new Uint8Array(0);
  private genreCount = new Uint8Array(0);
  private liveRefs = 0;
  private shownCount = 0;
  /** What the search dropdown shows of each shown book (decision 107). */
  private labels = new BookLabels();
  private readonly authors = new Map<number, Named>();
  private readonly genres = new Map<number, Named>();
  private order = new Int32Array(0);
  private layout: ListLayout | undefined;
  /** Rows of recently answered books; `changes` tells a read that raced a change. */
  private readonly rowCache: RowCache<queries.BookCore>;
  private changes = 0;
  private xmin: string | undefined;
  private dirty = false;
  private refreshedAt = 0;
  private refreshing: Promise<void> | undefined;
  private building: Promise<void> | undefined;
  stats: IndexStats | undefined;

  /** Where build results go; the app's logger once `start` is given it. */
  private log: IndexLog = { info: () => undefined, error: () => undefined };

  /** The database the index reads, as a snapshot names it; undefined: no snapshots (none asked for, or it cannot tell). */
  private databaseIdentity: string | undefined;
  /** When the state the snapshot file holds was taken, and how many changes were applied since. */
  private snapshotAt = 0;
  private changedSinceSnapshot = 0;
  private writingSnapshot = false;
  private closed = false;
  /** Resolves once the snapshot being written is on disk or failed (tests, the bench, shutdown). */
  snapshotWritten: Promise<void> = Promise.resolve();
  lastSnapshotWrite: SnapshotWrite | undefined;

  constructor(
    private readonly db: Tx,
    private readonly options: IndexOptions = {},
  ) {
    this.rowCache = new RowCache(options.rowCacheBooks ?? ROW_CACHE_BOOKS);
  }

  /** Books in the search index, and slots of books whose words changed, held until a rebuild. */
  get searchSlots(): { books: number; dead: number } {
    return { books: this.searchIndex.size, dead: this.searchIndex.deadSlots };
  }

  /** Starts the first build in the background, reporting to `log`. */
  start(log: IndexLog): void {
    this.log = log;
    void this.ready();
  }

  /**
   * The first build has ended: the index answers, or it failed and reads go to the database (as
   * they would for ever if this instance waited for an index it cannot build). Readiness waits for
   * this (issue 25): an instance answering a million books from the database is no instance to send
   * traffic to.
   */
  get warm(): boolean {
    return this.stats !== undefined || this.firstBuildFailed;
  }

  private firstBuildFailed = false;

  /** Starts the first build unless one ran or runs; resolves when the index can answer. */
  ready(): Promise<void> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = undefined;
      this.firstBuildFailed = true;
      this.log.error(`Catalogue index build failed; search and lists use the database (${String(error)}).`);
    });
    return this.building;
  }

  /** The catalogue changed: the next read waits for the change to be read. */
  invalidate(): void {
    this.dirty = true;
  }

  /**
   * The labels of the best `limit` shown books for `keyword`, from memory (no row is read: decision
   * 107), or undefined if the index could not be built.
   */
  async search(keyword: string, limit: number): Promise<BookLabel[] | undefined> {
    if (!(await this.current())) return undefined;
    return this.searchIndex.search(keyword, limit).flatMap((id) => this.labels.get(id) ?? []);
  }

  /** A page of the shown books `keyword` finds, ranked as `search`, with their total; undefined if the index could not be built. */
  async searchPage(
    keyword: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: queries.BookRow[]; total: number } | undefined> {
    if (!(await this.current())) return undefined;
    const { ids, total } = this.searchIndex.searchPage(keyword, offset, limit);
    return { rows: await this.rowsOf(ids), total };
  }

  /**
   * Every shown book in title order (the sitemap), or undefined if the index could not be built.
   * The index keeps no whole rows, so they are read slice by slice and put in its order.
   */
  async shown(): Promise<queries.IndexRow[] | undefined> {
    if (!(await this.current())) return undefined;
    const layout = (this.layout ??= this.layOut());
    const found: queries.IndexRow[] = new Array<queries.IndexRow>(layout.ids.length);
    const { maxId } = await queries.findIndexSnapshot(this.db);
    for (let fromId = 0; fromId <= maxId; fromId += BUILD_SLICE)
      for (const row of await queries.findShownBooksInIdRange(this.db, fromId, fromId + BUILD_SLICE)) {
        const position = (layout.positionOf[row.id] ?? 0) - 1;
        if (position >= 0) found[position] = row;
      }
    // A book shown since the last change read, or hidden since, is left out until the next one.
    return found.filter(Boolean);
  }

  /** A page of shown books in title order with the filter's total, or undefined if the index could not be built. */
  async list(
    filter: queries.BookFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: queries.BookRow[]; total: number } | undefined> {
    if (!(await this.current())) return undefined;
    const { ids, total } = listPage((this.layout ??= this.layOut()), filter, limit, offset);
    return { rows: await this.rowsOf(ids), total };
  }

  /**
   * The rows of the books being answered, in the given order: from the row cache, the rest read
   * by primary key in one query, their authors and genres named from memory (decision 112). A
   * book hidden meanwhile is left out, as the next change read would leave it out of the index.
   */
  private async rowsOf(ids: number[]): Promise<queries.BookRow[]> {
    const cache = this.rowCache;
    const missing = ids.filter((id) => !cache.has(id));
    const read = new Map<number, queries.BookCore>();
    if (missing.length) {
      const changes = this.changes;
      for (const row of await queries.findShownBookCoresByIds(this.db, missing)) read.set(row.id, row);
      // Rows read while a change was being applied may be older than it: answer with them, keep none.
      if (changes === this.changes) for (const [id, row] of read) cache.set(id, row);
    }
    const found: queries.BookRow[] = [];
    for (const id of ids) {
      const row = read.get(id) ?? cache.get(id);
      // Hidden by a change applied while the rows were read: its authors and genres are gone too.
      if (row && this.shownById[id]) found.push(this.withNames(row));
    }
    return found;
  }

  /** A shown book's row with its authors (in the book's order) and genres (by name), as the index names them now. */
  private withNames(row: queries.BookCore): queries.BookRow {
    const { authors, genres } = this.refsOf(row.id);
    return { ...row, authors: namesOf(authors, this.authors), genres: namesOf(genres, this.genres).sort(byNameThenId) };
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
    if (this.options.snapshotFile && !this.databaseIdentity) {
      try {
        this.databaseIdentity = await queries.findDatabaseIdentity(this.db);
      } catch (error) {
        this.log.error(`Catalogue index snapshots off: which database this is could not be read (${String(error)}).`);
      }
    }
    const snapshot = await this.loadSnapshot();
    const maxId = snapshot ? this.shownById.length - 1 : await this.readCatalogue();
    // Laid out in steps, so health checks and the database fallback are answered meanwhile.
    const steps = this.layOutInSteps();
    let step = steps.next();
    for (; !step.done; step = steps.next()) await setImmediate();
    this.layout = step.value;
    this.refreshedAt = Date.now();
    this.stats = {
      books: this.shownCount,
      buildMs: Math.round(performance.now() - started),
      builtAt: new Date(),
      source: snapshot ? 'snapshot' : 'database',
    };
    const from = snapshot
      ? `from the snapshot of ${new Date(snapshot.writtenAt).toISOString()} and ${snapshot.changed} changed books since`
      : 'from the database';
    this.log.info(`Catalogue index built: ${this.stats.books} books in ${this.stats.buildMs} ms (${from}).`);
    this.rowsWarmed = this.warmRows(maxId).catch((error: unknown) => {
      this.log.error(`Catalogue row cache not filled; rows are read as pages ask (${String(error)}).`);
    });
    if (!snapshot || this.snapshotDue()) this.writeSnapshot();
  }

  /** Reads every shown book into an empty index (the first build without a snapshot); returns the largest book id. */
  private async readCatalogue(): Promise<number> {
    // Whatever a failed attempt left goes: a book it held may have been hidden since.
    this.adopt(emptyState());
    // Any write not committed at this snapshot has a transaction id ≥ xmin, so the first delta
    // reads it, whichever slice it fell in.
    const { xmin, maxId } = await queries.findIndexSnapshot(this.db);
    for (const author of await queries.listAuthors(this.db)) this.authors.set(author.id, author);
    for (const genre of await queries.listGenres(this.db)) this.genres.set(genre.id, genre);
    this.grow(maxId);
    this.searchIndex.reserve(maxId);
    // The next slice is read while this one is put in, so the database and the index work at once.
    let next = queries.findShownIndexFieldsInIdRange(this.db, 0, BUILD_SLICE);
    for (let fromId = 0; fromId <= maxId; fromId += BUILD_SLICE) {
      const rows = await next;
      if (fromId + BUILD_SLICE <= maxId)
        next = queries.findShownIndexFieldsInIdRange(this.db, fromId + BUILD_SLICE, fromId + 2 * BUILD_SLICE);
      for (const [i, row] of rows.entries()) {
        this.put(row);
        // Let requests through (health checks, the database fallback) while the index fills.
        if (i % 2000 === 1999) await setImmediate();
      }
    }
    // Read after the rows, so it holds every book they do; a book written in between is left out
    // of the lists until the first delta, which reads it.
    this.order = Int32Array.from(await queries.findShownBookIdsInTitleOrder(this.db));
    this.xmin = xmin;
    return maxId;
  }

  /**
   * Starts from the snapshot file if it holds a state of this database: that state, the names of
   * authors and genres as they are now, then every change since its xmin (`applyChanges`), so the
   * index is current before it answers. Undefined, with one line in the log saying why, when there
   * is none it can use: the build then reads every book.
   */
  private async loadSnapshot(): Promise<{ writtenAt: number; changed: number } | undefined> {
    const file = this.options.snapshotFile;
    if (!file || !this.databaseIdentity) return undefined;
    const notUsed = (why: string) => `Catalogue index snapshot ${file} not used (${why}); building from the database.`;
    let snapshot: IndexSnapshot | undefined;
    try {
      snapshot = await readIndexSnapshot(file, this.databaseIdentity);
      if (!snapshot) {
        this.log.info(`No catalogue index snapshot at ${file} yet; building from the database.`);
        return undefined;
      }
      const { xmin } = await queries.findIndexSnapshot(this.db);
      // Later than the database itself: a backup restored since, whose transaction ids start lower.
      if (BigInt(snapshot.xmin) > BigInt(xmin))
        throw new ForeignSnapshot(`it is of xmin ${snapshot.xmin}, after this database's ${xmin}`);
      this.adopt(snapshot.state);
    } catch (error) {
      if (error instanceof ForeignSnapshot) this.log.info(notUsed(error.message));
      else this.log.error(notUsed(error instanceof Error ? error.message : String(error)));
      return undefined;
    }
    try {
      for (const author of await queries.listAuthors(this.db)) this.authors.set(author.id, author);
      for (const genre of await queries.listGenres(this.db)) this.genres.set(genre.id, genre);
      this.xmin = snapshot.xmin;
      this.snapshotAt = snapshot.writtenAt;
      this.changedSinceSnapshot = 0;
      await this.applyChanges();
    } catch (error) {
      // A later attempt starts again from the file, or from nothing.
      this.adopt(emptyState());
      throw error;
    }
    return { writtenAt: snapshot.writtenAt, changed: this.changedSinceSnapshot };
  }

  /** The index holds this state: the snapshot's, or an empty one. Throws, changing nothing, if its search index does not fit together. */
  private adopt(state: CatalogueIndexState): void {
    const labels = BookLabels.restore(state.labels);
    this.searchIndex = restoreSearchIndex(state.search);
    this.labels = labels;
    this.shownById = state.shownById;
    this.priceById = state.priceById;
    this.flagsById = state.flagsById;
    this.titleHashById = state.titleHashById;
    this.wordsHashById = state.wordsHashById;
    this.namesHashById = state.namesHashById;
    this.refs = new IntList(0);
    this.refs.data = state.refs;
    this.refs.length = state.refs.length;
    this.refStart = state.refStart;
    this.authorCount = state.authorCount;
    this.genreCount = state.genreCount;
    this.order = state.order;
    this.shownCount = state.shownCount;
    this.liveRefs = state.liveRefs;
    this.layout = undefined;
  }

  /**
   * Copies of everything the snapshot keeps (decision 106), taken at once so they agree with each
   * other and with `xmin`: the index goes on changing while they are written out.
   */
  private state(): CatalogueIndexState {
    let ids = this.shownById.length;
    while (ids > 0 && !this.shownById[ids - 1]) ids--;
    // Only the books the index shows: one written while the build read it is read again by the
    // first delta. An indexed loop: `filter` or `for…of` on a typed array take ~100 ms at a million books.
    const order = new Int32Array(this.order.length);
    let listed = 0;
    for (let i = 0; i < this.order.length; i++)
      if (this.shownById[this.order[i]!] === 1) order[listed++] = this.order[i]!;
    return {
      shownById: this.shownById.slice(0, ids),
      priceById: this.priceById.slice(0, ids),
      flagsById: this.flagsById.slice(0, ids),
      titleHashById: this.titleHashById.slice(0, ids),
      wordsHashById: this.wordsHashById.slice(0, ids),
      namesHashById: this.namesHashById.slice(0, ids),
      refs: this.refs.data.slice(0, this.refs.length),
      refStart: this.refStart.slice(0, ids),
      authorCount: this.authorCount.slice(0, ids),
      genreCount: this.genreCount.slice(0, ids),
      order: order.subarray(0, listed),
      shownCount: this.shownCount,
      liveRefs: this.liveRefs,
      search: this.searchIndex.snapshot(),
      labels: this.labels.state(),
    };
  }

  /** Changes were applied and the snapshot is older than the interval. */
  private snapshotDue(): boolean {
    const interval = this.options.snapshotIntervalMs ?? CATALOGUE_INDEX.snapshotIntervalMs;
    return this.changedSinceSnapshot > 0 && Date.now() - this.snapshotAt >= interval;
  }

  /**
   * Writes the state to the snapshot file in the background, one write at a time. Called only where
   * the state and `xmin` agree (after a build or a whole delta, never inside one). The copy is made
   * at once (0.1–0.2 s at a million books); the file is written in pieces, so requests are answered
   * meanwhile. A failure is logged and tried again after the next change past the interval.
   */
  private writeSnapshot(): void {
    const file = this.options.snapshotFile;
    if (!file || !this.databaseIdentity || !this.xmin || this.writingSnapshot || this.closed) return;
    const started = performance.now();
    const snapshot = { identity: this.databaseIdentity, xmin: this.xmin, writtenAt: Date.now(), state: this.state() };
    const copyMs = Math.round(performance.now() - started);
    const changed = this.changedSinceSnapshot;
    this.snapshotAt = snapshot.writtenAt;
    this.changedSinceSnapshot = 0;
    this.writingSnapshot = true;
    this.snapshotWritten = writeIndexSnapshot(file, snapshot)
      .then(
        (bytes) => {
          this.lastSnapshotWrite = { bytes, ms: Math.round(performance.now() - started), copyMs };
          const mib = (bytes / 2 ** 20).toFixed(1);
          this.log.info(
            `Catalogue index snapshot written: ${snapshot.state.shownCount} books, ${mib} MiB in ${this.lastSnapshotWrite.ms} ms (${copyMs} ms copying).`,
          );
        },
        (error: unknown) => {
          this.changedSinceSnapshot += Math.max(1, changed);
          this.log.error(`Catalogue index snapshot ${file} not written (${String(error)}).`);
        },
      )
      .finally(() => {
        this.writingSnapshot = false;
      });
  }

  /** Writes no more snapshots and waits for the one being written (the app's shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    await this.snapshotWritten;
  }

  /** Resolves once the row cache has been filled after the first build (the bench waits for it). */
  rowsWarmed: Promise<void> = Promise.resolve();

  /** Fills the row cache in id order up to its bound, in the background after the first build. */
  private async warmRows(maxId: number): Promise<void> {
    const { limit } = this.rowCache;
    for (let fromId = 0; fromId <= maxId && this.rowCache.size < limit; fromId += ROW_WARM_SLICE) {
      const changes = this.changes;
      const rows = await queries.findShownBookCoresInIdRange(this.db, fromId, fromId + ROW_WARM_SLICE);
      // A change applied meanwhile may be newer than these rows: skip the slice rather than keep them.
      if (changes !== this.changes) continue;
      for (const row of rows) {
        if (this.rowCache.size >= limit) break;
        if (!this.rowCache.has(row.id)) this.rowCache.set(row.id, row);
      }
      await setImmediate();
    }
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
      this.rowCache.delete(row.id);
      // The row names its authors and genres as they are now: a renamed one is renamed here.
      for (const [named, byId] of [
        [row.authors, this.authors],
        [row.genres, this.genres],
      ] as const)
        for (const { id, name, nameAr } of named) {
          const known = byId.get(id);
          if (known?.name !== name || known.nameAr !== nameAr) {
            byId.set(id, { name, nameAr });
            relayOut = true;
          }
        }
      const shown = this.shownById[row.id] === 1;
      if (!row.is_active) {
        if (shown) hidden.add(row.id);
        continue;
      }
      this.grow(row.id);
      const fields = toFields(row);
      if (!shown || this.titleHashById[row.id] !== hash(row.title)) reorder = true;
      if (!shown || this.namesHashById[row.id] !== hash(refsText(fields))) relayOut = true;
      this.put(fields);
    }
    for (const id of hidden) {
      this.shownById[id] = 0;
      this.shownCount--;
      this.liveRefs -= this.authorCount[id]! + this.genreCount[id]!;
      this.searchIndex.remove(id);
      this.labels.delete(id);
    }
    this.changes++;
    if (reorder) this.order = Int32Array.from(await queries.findShownBookIdsInTitleOrder(this.db));
    else if (hidden.size) this.order = this.order.filter((id) => !hidden.has(id));
    if (reorder || relayOut || hidden.size) this.layout = undefined;
    else if (this.layout) for (const row of rows) this.patchLayout(this.layout, row.id);
    this.xmin = xmin;
    this.refreshedAt = Date.now();
    const minDead = this.options.minDeadSlotsToRebuild ?? MIN_DEAD_SLOTS_TO_REBUILD;
    if (this.searchIndex.deadSlots > Math.max(minDead, this.searchIndex.size)) this.searchIndex.compact();
    if (this.refs.length > 2 * this.liveRefs + 1024) this.compactRefs();
    this.changedSinceSnapshot += rows.length;
    // Not while the first build reads the changes since its snapshot: the build decides then.
    if (this.stats && this.snapshotDue()) this.writeSnapshot();
  }

  private patchLayout(layout: ListLayout, id: number): void {
    if (!this.shownById[id]) return;
    patchBook(layout, id, { priceFils: this.priceById[id]!, flags: this.flagsById[id]!, ...this.refsOf(id) });
  }

  /** A book's author ids (in the book's order) and genre ids, as the index holds them. */
  private refsOf(id: number): { authors: Int32Array; genres: Int32Array } {
    const start = this.refStart[id]!;
    const authors = this.authorCount[id]!;
    return {
      authors: this.refs.data.subarray(start, start + authors),
      genres: this.refs.data.subarray(start + authors, start + authors + this.genreCount[id]!),
    };
  }

  /** Room for books up to this id in the per-book arrays. */
  private grow(id: number): void {
    this.shownById = grownFor(this.shownById, id);
    this.priceById = grownFor(this.priceById, id);
    this.flagsById = grownFor(this.flagsById, id);
    this.titleHashById = grownFor(this.titleHashById, id);
    this.wordsHashById = grownFor(this.wordsHashById, id);
    this.namesHashById = grownFor(this.namesHashById, id);
    this.refStart = grownFor(this.refStart, id);
    this.authorCount = grownFor(this.authorCount, id);
    this.genreCount = grownFor(this.genreCount, id);
  }

  private put(book: queries.IndexFields): void {
    const { id } = book;
    const shown = this.shownById[id] === 1;
    if (shown) this.liveRefs -= this.authorCount[id]! + this.genreCount[id]!;
    else this.shownCount++;
    this.shownById[id] = 1;
    this.priceById[id] = book.discounted_price_fils;
    this.flagsById[id] = (book.in_stock ? IN_STOCK : 0) | (book.discounted ? DISCOUNTED : 0);
    this.titleHashById[id] = hash(book.title);
    this.namesHashById[id] = hash(refsText(book));
    this.refStart[id] = this.refs.length;
    this.authorCount[id] = book.author_ids.length;
    this.genreCount[id] = book.genre_ids.length;
    for (const author of book.author_ids) this.refs.push(author);
    for (const genre of book.genre_ids) this.refs.push(genre);
    this.liveRefs += book.author_ids.length + book.genre_ids.length;
    this.labels.set({ id, title: book.title, titleAr: book.title_ar, coverKey: coverKeyOf(book) });

    const indexed = this.toIndexed(book);
    const wordsHash = hash(searchText(indexed));
    if (shown && this.wordsHashById[id] === wordsHash) {
      this.searchIndex.setRating(id, book.rating);
      return;
    }
    this.wordsHashById[id] = wordsHash;
    this.searchIndex.upsert(indexed);
  }

  /** The books' author and genre ids packed again, without the ones changes left behind. */
  private compactRefs(): void {
    const refs = new IntList(Math.max(1024, this.liveRefs));
    for (let id = 0; id < this.shownById.length; id++) {
      if (!this.shownById[id]) continue;
      const from = this.refStart[id]!;
      this.refStart[id] = refs.length;
      for (let i = 0; i < this.authorCount[id]! + this.genreCount[id]!; i++) refs.push(this.refs.data[from + i]!);
    }
    this.refs = refs;
  }

  /** Author and genre names are searched as the words they hold, in both languages (decision 091). */
  private toIndexed(book: queries.IndexFields) {
    const names = (ids: number[], byId: Map<number, Named>) =>
      ids.flatMap((id) => {
        const named = byId.get(id);
        return !named ? [] : named.nameAr ? [named.name, named.nameAr] : [named.name];
      });
    return {
      id: book.id,
      title: book.title,
      titleAr: book.title_ar,
      authorNames: names(book.author_ids, this.authors),
      genreNames: names(book.genre_ids, this.genres),
      rating: book.rating,
    };
  }

  private layOut(): ListLayout {
    const steps = this.layOutInSteps();
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  private layOutInSteps(): Generator<void, ListLayout> {
    return layOutInSteps({
      order: this.order,
      shownById: this.shownById,
      priceById: this.priceById,
      flagsById: this.flagsById,
      refs: this.refs.data,
      refStart: this.refStart,
      authorCount: this.authorCount,
      genreCount: this.genreCount,
      authorNames: this.authors,
      genreNames: this.genres,
    });
  }
}

/** An index holding nothing: where a build from the database starts. */
const emptyState = (): CatalogueIndexState => ({
  shownById: new Uint8Array(0),
  priceById: new Int32Array(0),
  flagsById: new Uint8Array(0),
  titleHashById: new Uint32Array(0),
  wordsHashById: new Uint32Array(0),
  namesHashById: new Uint32Array(0),
  refs: new Int32Array(0),
  refStart: new Int32Array(0),
  authorCount: new Uint8Array(0),
  genreCount: new Uint8Array(0),
  order: new Int32Array(0),
  shownCount: 0,
  liveRefs: 0,
  search: createSearchIndex().snapshot(),
  labels: new BookLabels().state(),
});

/** Authors or genres by id as a row names them (module-level: a page names a few dozen). */
function namesOf(ids: Int32Array, byId: Map<number, Named>): queries.BookRow['authors'] {
  const found: queries.BookRow['authors'] = [];
  for (const id of ids) {
    const named = byId.get(id);
    found.push({ id, name: named?.name ?? '', nameAr: named?.nameAr ?? null });
  }
  return found;
}

const byNameThenId = (a: { id: number; name: string }, b: { id: number; name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

/** 32-bit FNV-1a: whether a book's title, words or names changed, without keeping them (decision 096). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Authors and genres as a set: the build and the change reads may list a book's authors in other orders. */
const refsText = (book: Pick<queries.IndexFields, 'author_ids' | 'genre_ids'>) =>
  `${[...book.author_ids].sort((a, b) => a - b).join(',')}|${book.genre_ids.join(',')}`;

/** Everything a book is searched by, as one text. */
const searchText = (book: { title: string; titleAr: string | null; authorNames: string[]; genreNames: string[] }) =>
  [book.title, book.titleAr ?? '', ...[...book.authorNames].sort(), '|', ...book.genreNames].join('\u0000');

/** The index fields of a changed book's whole row. */
const toFields = (row: queries.IndexRow): queries.IndexFields => ({
  id: row.id,
  title: row.title,
  title_ar: row.title_ar,
  discounted_price_fils: row.discounted_price_fils,
  in_stock: row.stock_quantity > 0,
  discounted: Number(row.discount_percentage) > 0,
  rating: Number(row.rating_average),
  author_ids: row.authors.map((author) => author.id),
  genre_ids: row.genres.map((genre) => genre.id).sort((a, b) => a - b),
  image_keys: row.image_keys,
  main_image_index: row.main_image_index,
});
