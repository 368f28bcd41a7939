import { describe, expect, it } from 'vitest';
import { RowCache } from './row-cache.ts';

describe('the index row cache (decision 112)', () => {
  it('holds at most its limit, lets the least recently used go first, and keeps a row that is hit', () => {
    const cache = new RowCache<string>(10);
    for (let id = 1; id <= 10; id++) cache.set(id, `row ${id}`);
    // Row 1 is hit now and then while others are placed; row 2 never is.
    for (let id = 11; id <= 40; id++) {
      if (id % 4 === 3) expect(cache.get(1)).toBe('row 1');
      cache.set(id, `row ${id}`);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    expect(cache.get(1)).toBe('row 1');
    expect(cache.has(2)).toBe(false);
    // The last ten placed, less the one that made room for row 1.
    expect([...Array.from({ length: 40 }, (_, i) => i + 1)].filter((id) => cache.has(id))).toEqual([
      1, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    ]);
  });

  it('forgets a row it is told to', () => {
    const cache = new RowCache<string>(3);
    cache.set(7, 'seven');
    cache.delete(7);
    expect(cache.get(7)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
