import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

function fakeClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('TtlCache', () => {
  it('loads once per key until the entry expires', async () => {
    const clock = fakeClock();
    const cache = new TtlCache<number>({ maxEntries: 10, ttlMs: 1000, now: clock.now });
    let loads = 0;
    const load = () => Promise.resolve(++loads);

    expect(await cache.getOrLoad('a', load)).toBe(1);
    clock.advance(999);
    expect(await cache.getOrLoad('a', load)).toBe(1);
    clock.advance(1);
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++loads}`), 5));

    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual(['v1', 'v1']);
    expect(loads).toBe(1);
  });

  it('forgets a failed load so the next caller retries', async () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', () => Promise.resolve('up'))).toBe('up');
  });

  it('drops the least recently used key beyond maxEntries', async () => {
    const cache = new TtlCache<string>({ maxEntries: 2, ttlMs: 1000 });
    await cache.getOrLoad('a', () => Promise.resolve('a1'));
    await cache.getOrLoad('b', () => Promise.resolve('b1'));
    await cache.getOrLoad('a', () => Promise.resolve('a2')); // a is now the most recently used
    await cache.getOrLoad('c', () => Promise.resolve('c1'));

    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('a', () => Promise.resolve('a3'))).toBe('a1');
    expect(await cache.getOrLoad('b', () => Promise.resolve('b2'))).toBe('b2');
  });

  it('serves a stale value while one background load replaces it', async () => {
    const clock = fakeClock();
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000, staleMs: 1000, now: clock.now });
    let loads = 0;
    const load = () => Promise.resolve(`v${++loads}`);

    await cache.getOrLoad('k', load);
    clock.advance(1500);
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual(['v1', 'v1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('loads anew, and waits, once a value is older than ttl + stale', async () => {
    const clock = fakeClock();
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000, staleMs: 1000, now: clock.now });
    await cache.getOrLoad('k', () => Promise.resolve('old'));
    clock.advance(2000);
    expect(await cache.getOrLoad('k', () => Promise.resolve('new'))).toBe('new');
  });

  it('keeps serving the stale value when the background load fails', async () => {
    const clock = fakeClock();
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000, staleMs: 1000, now: clock.now });
    await cache.getOrLoad('k', () => Promise.resolve('old'));
    clock.advance(1500);
    expect(await cache.getOrLoad('k', () => Promise.reject(new Error('down')))).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.getOrLoad('k', () => Promise.resolve('new'))).toBe('old');
  });

  it('drops a background load that finishes after clear', async () => {
    const clock = fakeClock();
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000, staleMs: 1000, now: clock.now });
    await cache.getOrLoad('k', () => Promise.resolve('old'));
    clock.advance(1500);
    let finish: (value: string) => void = () => {};
    await cache.getOrLoad('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('refreshed before the write');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.getOrLoad('k', () => Promise.resolve('after the write'))).toBe('after the write');
  });

  it('reloads everything after clear', async () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 1000 });
    await cache.getOrLoad('k', () => Promise.resolve('old'));
    cache.clear();
    expect(await cache.getOrLoad('k', () => Promise.resolve('new'))).toBe('new');
  });
});
