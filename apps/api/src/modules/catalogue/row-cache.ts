import { grownFor } from '../../platform/typed-arrays.ts';

/**
 * The catalogue index's rows of recently answered books (decisions 096 and 112), at most `limit`:
 * the least recently used goes first. A hit moves its row to the back only once it is in the older
 * half, so most hits cost one lookup; moving every hit to the back took 8 % of a cold list's CPU.
 * A row hit and left in place is among the last `limit / 2` placed, so it goes only if it is not hit
 * again while `limit / 2` others are placed after it.
 */
export class RowCache<Row> {
  private readonly rows = new Map<number, Row>();
  /** When each row was last placed at the back, by book id (ids are dense), in rows placed; wraps at 2³². */
  private placedAt = new Int32Array(0);
  private placed = 0;

  constructor(readonly limit: number) {}

  get size(): number {
    return this.rows.size;
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  get(id: number): Row | undefined {
    const row = this.rows.get(id);
    if (row !== undefined && ((this.placed - this.placedAt[id]!) | 0) > this.limit / 2) {
      this.rows.delete(id);
      this.place(id, row);
    }
    return row;
  }

  /** Keeps the row at the back, and lets the oldest go past the limit. */
  set(id: number, row: Row): void {
    this.rows.delete(id);
    this.place(id, row);
    for (const oldest of this.rows.keys()) {
      if (this.rows.size <= this.limit) break;
      this.rows.delete(oldest);
    }
  }

  delete(id: number): void {
    this.rows.delete(id);
  }

  private place(id: number, row: Row): void {
    this.rows.set(id, row);
    this.placedAt = grownFor(this.placedAt, id);
    this.placed = (this.placed + 1) | 0;
    this.placedAt[id] = this.placed;
  }
}
