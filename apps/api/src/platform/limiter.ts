/**
 * At most `size` calls of the answered function run at once; later ones wait in memory, first come
 * first served, and a call that fails frees its place as one that succeeds does. For work that holds
 * a pooled database connection while it waits on contended rows (checkout's placing transaction,
 * decision 113): past a few at once, more such transactions only queue longer inside PostgreSQL,
 * and they hold connections every other request of the instance needs meanwhile.
 */
export function createLimiter(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
