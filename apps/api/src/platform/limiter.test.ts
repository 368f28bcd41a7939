import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Once every callback already due has run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('runs at most its size at once, the rest in the order they came, each as soon as a place frees', async () => {
    const limited = createLimiter(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, n) =>
      limited(async () => {
        started.push(n);
        await g.opened;
        return n * 10;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await runs[1];
    await settled();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await Promise.all([runs[0], runs[2]]);
    await settled();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.open();
    gates[4]!.open();
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30, 40]);
  });

  it('frees the place of a call that fails, and answers its error to that caller only', async () => {
    const limited = createLimiter(1);
    const failing = limited(() => Promise.reject(new Error('no')));
    const next = limited(() => Promise.resolve('yes'));
    await expect(failing).rejects.toThrow('no');
    expect(await next).toBe('yes');
    // Places are not lost: two more in turn still run.
    expect(await Promise.all([limited(() => Promise.resolve(1)), limited(() => Promise.resolve(2))])).toEqual([1, 2]);
  });
});
