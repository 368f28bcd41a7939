/**
 * A small in-process cache for read-mostly results: at most `maxEntries` keys, the least
 * recently used dropped first. A value is fresh for `ttlMs`; for `staleMs` after that it is
 * still served while one background load replaces it, so popular keys never make a caller wait
 * on the database again; older values are loaded anew. Concurrent loads of one key share one
 * promise, so a burst of identical requests costs one round trip; a failed load is forgotten.
 */
export type TtlCacheOptions = { maxEntries: number; ttlMs: number; staleMs?: number; now?: () => number };

type Entry<V> = { value: Promise<V>; loadedAt: number; refreshing: boolean };

export class TtlCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #staleMs: number;
  readonly #now: () => number;

  constructor({ maxEntries, ttlMs, staleMs = 0, now = Date.now }: TtlCacheOptions) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#staleMs = staleMs;
    this.#now = now;
  }

  get size() {
    return this.#entries.size;
  }

  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#now();
    const found = this.#entries.get(key);
    this.#entries.delete(key);
    const age = found ? now - found.loadedAt : Infinity;
    if (found && age < this.#ttlMs + this.#staleMs) {
      // Re-inserting moves the key to the young end of the Map's insertion order.
      this.#entries.set(key, found);
      if (age >= this.#ttlMs && !found.refreshing) this.#refresh(key, found, load);
      return found.value;
    }
    const entry: Entry<V> = { value: load(), loadedAt: now, refreshing: false };
    this.#set(key, entry);
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }

  /** Forgets everything; loads already running finish for their callers but are not kept. */
  clear() {
    this.#entries.clear();
  }

  #refresh(key: string, stale: Entry<V>, load: () => Promise<V>) {
    stale.refreshing = true;
    load().then(
      (value) => {
        // Skip when the key was cleared or replaced meanwhile: a write may have made this value old.
        if (this.#entries.get(key) === stale)
          this.#set(key, { value: Promise.resolve(value), loadedAt: this.#now(), refreshing: false });
      },
      // Keep serving the stale value; once it is too old, a caller's own load reports the error.
      () => {
        stale.refreshing = false;
      },
    );
  }

  #set(key: string, entry: Entry<V>) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}
