import type { PreparedAnswer } from './prepared-answer.ts';

/*
 * This instance's server-rendered public pages (decision 102): a page is the same for every
 * visitor (personalisation happens after hydration), so it is rendered once, compressed once per
 * encoding (when first asked for in it), and sent as it is until the catalogue changes or it grows
 * old. One rendered string carries both the markup and the dehydrated query state it was rendered
 * from, so a page served from here always hydrates against the data it shows.
 */

type PageCacheLimits = { freshMs: number; staleMs: number; maxPages: number; maxBytes: number };

export const PAGE_CACHE: PageCacheLimits = {
  /** A page is sent as it is for this long after its render started. */
  freshMs: 30_000,
  /** …then for up to this much longer while one fresh render runs in the background. */
  staleMs: 60_000,
  /** At most this many pages (URL with its query; /ar pages are their own URLs)… */
  maxPages: 3000,
  /** …holding at most this many bytes (plain, brotli and gzip together); least recently used go first. */
  maxBytes: 96 * 1024 * 1024,
};

/** What rendering a URL gave: a page worth keeping, or anything else (a redirect, a 404, a fallback). */
export type PageOutcome<Other> = { kind: 'page'; answer: PreparedAnswer } | { kind: 'other'; other: Other };

type Entry = {
  answer: PreparedAnswer;
  bytes: number;
  /** The catalogue's change count when its render started: any change since makes it unusable. */
  generation: number;
  renderedAt: number;
};

export type PageCacheOptions<Other> = {
  /** Renders the page at `url` (called at most once per URL at a time). */
  render: (url: string) => Promise<PageOutcome<Other>>;
  /** How many catalogue changes this instance has heard (CatalogueService.changeCount). */
  generation: () => number;
  /** Told of a background render that failed (the stale page stays until it expires). */
  onBackgroundError: (error: unknown, url: string) => void;
  now?: () => number;
  limits?: Partial<PageCacheLimits>;
};

const sizeOf = (answer: PreparedAnswer) =>
  answer.bodies.identity.length + (answer.bodies.br?.length ?? 0) + (answer.bodies.gzip?.length ?? 0);

/** A bounded least-recently-used map of rendered pages, stale-while-revalidate, one render per URL at a time. */
export class PageCache<Other> {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<PageOutcome<Other>>>();
  private readonly limits: PageCacheLimits;
  private readonly now: () => number;
  private bytes = 0;
  private generationSeen: number;
  /** Renders started (tests and the bench count them). */
  renders = 0;

  constructor(private readonly options: PageCacheOptions<Other>) {
    this.limits = { ...PAGE_CACHE, ...options.limits };
    this.now = options.now ?? Date.now;
    this.generationSeen = options.generation();
  }

  get size() {
    return this.entries.size;
  }

  get storedBytes() {
    return this.bytes;
  }

  /** The page at `url`: kept, kept but old (a fresh render starts behind it), or rendered now. */
  async get(url: string): Promise<PageOutcome<Other>> {
    const generation = this.options.generation();
    // The catalogue changed: every page may show what changed (a list, a price, a rating).
    if (generation !== this.generationSeen) {
      this.generationSeen = generation;
      this.clear();
    }
    const entry = this.entries.get(url);
    if (entry && entry.generation === generation) {
      const age = this.now() - entry.renderedAt;
      if (age < this.limits.freshMs + this.limits.staleMs) {
        // Most recently used last: eviction takes the first.
        this.entries.delete(url);
        this.entries.set(url, entry);
        this.remeasure(entry);
        if (age >= this.limits.freshMs && !this.rendering.has(url))
          this.renderOnce(url).catch((error: unknown) => this.options.onBackgroundError(error, url));
        return { kind: 'page', answer: entry.answer };
      }
    }
    if (entry) this.forget(url);
    return this.renderOnce(url);
  }

  /** Forgets every page (the next request of each renders it). */
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private renderOnce(url: string): Promise<PageOutcome<Other>> {
    const running = this.rendering.get(url);
    if (running) return running;
    // The count before rendering: a change committed while it runs leaves the page unusable.
    const generation = this.options.generation();
    const renderedAt = this.now();
    this.renders++;
    const render = this.options
      .render(url)
      .then((outcome) => {
        if (outcome.kind === 'page')
          this.keep(url, { answer: outcome.answer, bytes: sizeOf(outcome.answer), generation, renderedAt });
        else this.forget(url);
        return outcome;
      })
      .finally(() => this.rendering.delete(url));
    this.rendering.set(url, render);
    return render;
  }

  private keep(url: string, entry: Entry) {
    this.forget(url);
    if (entry.bytes > this.limits.maxBytes) return;
    this.entries.set(url, entry);
    this.bytes += entry.bytes;
    this.evictOverLimits();
  }

  /**
   * A page's compressed bodies are made by the first request that accepts each encoding, after it
   * was kept (prepared-answer.ts): counted when it is next asked for, so the byte limit holds.
   */
  private remeasure(entry: Entry) {
    const bytes = sizeOf(entry.answer);
    if (bytes === entry.bytes) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evictOverLimits();
  }

  private evictOverLimits() {
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxPages && this.bytes <= this.limits.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(url: string) {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.bytes -= entry.bytes;
  }
}
