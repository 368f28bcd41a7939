import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2-core machine, where
    // many API tests wait on sockets, child processes and timers. Two keep both cores busy (decision 068).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A deprecated call fails its test where it is made: pg's "client is already executing a
          // query" (a second query sent inside a transaction) becomes an error in pg 9.
          execArgv: ['--throw-deprecation'],
          // The files share a worker's loaded modules (decision 115): each would otherwise load the
          // whole app afresh, about half the project's CPU. `--isolate` gives each its own again.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
