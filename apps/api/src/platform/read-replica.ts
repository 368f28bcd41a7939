import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Reads that may come from a PostgreSQL streaming replica (docs/decisions/098-read-replicas.md).
 *
 * A standby replays the primary's WAL a little later than the primary commits it, and it delivers
 * no NOTIFY: an instance hears of a catalogue change from the primary, possibly before the standby
 * holds it. So the replica's reads are fenced: `sawCommit()` (a change notice, or a read the
 * primary answered) asks the primary for its WAL position, and no read starts on the replica until
 * `pg_last_wal_replay_lsn()` there has reached it. A replica further behind than `maxWaitMs` is
 * skipped: the read goes to the primary, which is never stale, until the replica has caught up.
 * Every read answered by the primary moves the fence to the primary's position after it, so a
 * reader never sees the replica older than something it saw before (the catalogue index's deltas
 * rely on that: an xmin taken on the primary must not be asked of a standby that lacks its commits).
 */
export const READ_REPLICA = {
  /** How long a read waits for the replica to replay what the primary had, before asking the primary. */
  maxWaitMs: 1_000,
  /** How often the replica's replay position is asked while someone waits for it. */
  pollMs: 5,
} as const;

/** A WAL position ('16/B374D848') as a number that orders. */
function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

type Log = { warn(message: string): void; info(message: string): void };
/** The primary's WAL position a read must find replayed, and when it was asked for. */
type Fence = { lsn: bigint; at: number };
type Waiter = { lsn: bigint; resolve: (caughtUp: boolean) => void };
const MAX_UNREACHED = 64;

/**
 * The pool Drizzle is given for the read database: `query` and `connect` as pg.Pool has them, each
 * sent to the replica once it has replayed the fence, else to the primary. Its class name ends in
 * Pool, which is how Drizzle knows to take a connection of its own for a transaction.
 */
export class FencedReadPool {
  /** What the next read must find replayed; 'unknown' when the primary could not say (it answers then). */
  private fence: Promise<Fence | 'unknown'> = Promise.resolve({ lsn: 0n, at: 0 });
  private replayed = 0n;
  /** Fences the replica has not reached yet, oldest first: one older than maxWaitMs means it lags too far. */
  private unreached: Fence[] = [];
  private waiters: Waiter[] = [];
  private polling = false;
  private lagging = false;
  private unreachableUntil = 0;
  private closed = false;
  private primaryReads = 0;

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly log: Log,
    private readonly options: { maxWaitMs: number; pollMs: number } = READ_REPLICA,
  ) {}

  /** Reads answered by the primary because the replica lagged or failed (tests, logs). */
  get answeredByPrimary(): number {
    return this.primaryReads;
  }

  /**
   * The primary has committed something readers must see (a change notice arrived, or a read was
   * answered there): later reads wait until the replica has replayed the primary's position now.
   * Synchronous, so a read that starts after this call waits, whatever the order of the answers.
   */
  sawCommit(): void {
    const at = Date.now();
    const earlier = this.fence;
    const now = this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn').then(
      (result) => lsnValue(result.rows[0]!.lsn),
      () => undefined,
    );
    this.fence = Promise.all([earlier, now]).then(([before, lsn]) => {
      // Asked later, `lsn` is at or past the commit behind `before`, known or not.
      if (lsn === undefined) return 'unknown';
      const fence = { lsn: before !== 'unknown' && before.lsn > lsn ? before.lsn : lsn, at };
      if (fence.lsn > this.replayed) {
        this.unreached.push(fence);
        // Bounded while the replica is away: the two oldest become one, as old as the first and
        // as far as the second, which can only keep reads on the primary a little longer.
        if (this.unreached.length > MAX_UNREACHED) {
          const [first, second] = this.unreached.splice(0, 2) as [Fence, Fence];
          this.unreached.unshift({ lsn: second.lsn > first.lsn ? second.lsn : first.lsn, at: first.at });
        }
        this.poll();
      }
      return fence;
    });
  }

  /** pg.Pool's promise form of `query`, which is all Drizzle calls outside a transaction. */
  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (await this.replicaIsCurrent()) {
      try {
        return await this.replica.query(config, values);
      } catch (error) {
        if (!this.replicaFailed(error)) throw error;
      }
    }
    const result = await this.primary.query(config, values);
    this.answeredOnPrimary();
    return result;
  }

  /** A connection for a transaction, from the replica once it has replayed the fence, else from the primary. */
  async connect(): Promise<pg.PoolClient> {
    if (await this.replicaIsCurrent()) {
      try {
        return await this.replica.connect();
      } catch (error) {
        if (!this.replicaFailed(error)) throw error;
      }
    }
    const client = await this.primary.connect();
    const release = client.release.bind(client);
    // What the transaction read, later reads on the replica must hold too (pg-pool sets a new
    // release on each checkout, so this one lasts for this transaction only).
    client.release = (error?: Error | boolean) => {
      this.answeredOnPrimary();
      release(error);
    };
    return client;
  }

  /** Stops waiting and polling; the pools themselves are closed by their handles. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /** Whether the primary may answer instead; a replica that cannot be reached is not tried again for a while. */
  private replicaFailed(error: unknown): boolean {
    const trouble = replicaTrouble(error);
    if (trouble === 'none') return false;
    // Each read would otherwise wait for its own connection attempt to time out.
    if (trouble === 'unreachable') this.unreachableUntil = Date.now() + this.options.maxWaitMs * 5;
    this.log.warn(`Read replica failed a read (${(error as Error).message}); the primary answers it.`);
    return true;
  }

  private answeredOnPrimary() {
    this.primaryReads++;
    this.sawCommit();
  }

  /** Whether the replica holds everything the fence asks for, waiting for it up to maxWaitMs after the fence was set. */
  private async replicaIsCurrent(): Promise<boolean> {
    const fence = await this.fence;
    if (fence === 'unknown' || this.closed || Date.now() < this.unreachableUntil) return false;
    if (this.replayed >= fence.lsn) return true;
    const now = Date.now();
    const oldest = this.unreached[0];
    if (oldest && now - oldest.at >= this.options.maxWaitMs) return this.lagsTooFar();
    this.poll();
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = { lsn: fence.lsn, resolve };
      this.waiters.push(waiter);
      setTimeout(
        () => {
          if (!this.waiters.includes(waiter)) return;
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(this.lagsTooFar());
        },
        fence.at + this.options.maxWaitMs - now,
      ).unref();
    });
  }

  private lagsTooFar(): false {
    if (!this.lagging) {
      this.lagging = true;
      this.log.warn(
        `Read replica is more than ${this.options.maxWaitMs} ms behind the primary; reads go to the primary until it catches up.`,
      );
    }
    return false;
  }

  /** One loop asking the replica how far it has replayed, while it has not reached a fence. */
  private poll(): void {
    if (this.polling || this.closed) return;
    this.polling = true;
    void (async () => {
      try {
        while (!this.closed && this.unreached.length > 0) {
          const result = await this.replica.query<{ lsn: string | null }>(
            'select pg_last_wal_replay_lsn()::text as lsn',
          );
          const lsn = result.rows[0]?.lsn;
          // Not (or no longer) a standby: it cannot tell how far it is, so it answers nothing.
          if (!lsn) throw new Error('pg_last_wal_replay_lsn() is null: the server is not a standby');
          const replayed = lsnValue(lsn);
          if (replayed > this.replayed) this.replayed = replayed;
          this.unreached = this.unreached.filter((fence) => fence.lsn > this.replayed);
          const ready = this.waiters.filter((w) => w.lsn <= this.replayed);
          this.waiters = this.waiters.filter((w) => w.lsn > this.replayed);
          for (const waiter of ready) waiter.resolve(true);
          if (this.unreached.length === 0 && this.lagging) {
            this.lagging = false;
            this.log.info('Read replica has caught up; reads go to it again.');
          }
          // Quickly while a read waits; gently while only the fallback to the primary does.
          if (this.unreached.length > 0)
            await sleep(this.waiters.length > 0 ? this.options.pollMs : 50, undefined, { ref: false });
        }
      } catch (error) {
        this.log.warn(`Read replica cannot say how far it has replayed (${(error as Error).message}).`);
        for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
        // Until it can, unreached fences age past maxWaitMs and reads go to the primary.
        await sleep(this.options.maxWaitMs, undefined, { ref: false });
      } finally {
        this.polling = false;
      }
      if (!this.closed && this.unreached.length > 0) this.poll();
    })();
  }
}

/**
 * Whether the primary can answer instead: the replica cannot be reached (or is shutting down,
 * starting), or the standby cancelled the read because replaying the primary's changes needed its
 * rows (SQLSTATE 40001, 57P04). Any other error is the read's own.
 */
function replicaTrouble(error: unknown): 'none' | 'unreachable' | 'cancelled' {
  const code = (error as { code?: unknown }).code;
  // No SQLSTATE: the connection failed or timed out (Node's ECONNREFUSED and the like, pg's timeouts).
  if (typeof code !== 'string' || code.startsWith('E') || code.startsWith('08') || code === '57P01' || code === '57P03')
    return 'unreachable';
  return code === '40001' || code === '57P04' ? 'cancelled' : 'none';
}
