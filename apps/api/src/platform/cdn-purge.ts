/*
 * The optional purge webhook (CDN_PURGE_URL, decision 102): after catalogue changes, POST
 * `{ "paths": ["/*"] }` so a CDN in front forgets the shop's public pages and catalogue reads
 * before their s-maxage runs out. A change notice names no book (invalidation.ts), and home,
 * genre, author and search pages show any book, so the one path sent is the purge-everything
 * marker `/*`; the receiver (a small Worker or Lambda, docs/operations.md) turns it into its
 * CDN's purge call. Checked once a second, so a burst of changes costs one call; never more than
 * one call at a time; a failure is logged and the next change tries again. Writes never wait for it.
 */

/** The purge-everything marker: every page and public read of the shop. */
export const PURGE_EVERYTHING = '/*';

export const CDN_PURGE = {
  /** How often the change count is looked at: at most one purge per interval. */
  everyMs: 1000,
  /** A webhook that has not answered by then is given up on (and logged). */
  timeoutMs: 5000,
} as const;

type Log = { warn(object: object, message: string): void };

export function startCdnPurges(options: {
  url: string;
  /** How many catalogue changes this instance has heard (CatalogueService.changeCount). */
  changes: () => number;
  log: Log;
  everyMs?: number;
}): { stop(): Promise<void> } {
  const { url, changes, log } = options;
  let purged = changes();
  let sending: Promise<void> | undefined;

  async function purge(count: number) {
    // Tried once per change: a failing webhook is not called again every second, only after the next change.
    purged = count;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paths: [PURGE_EVERYTHING] }),
        signal: AbortSignal.timeout(CDN_PURGE.timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`the webhook answered ${res.status}`);
    } catch (error) {
      log.warn({ err: error }, 'CDN purge failed; the next catalogue change tries again');
    }
  }

  const timer = setInterval(() => {
    const count = changes();
    if (count === purged || sending) return;
    sending = purge(count).finally(() => (sending = undefined));
  }, options.everyMs ?? CDN_PURGE.everyMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await sending;
    },
  };
}
