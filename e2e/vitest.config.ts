import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One shop and one browser serve every journey; files run one after another to keep
    // the 2-core machine responsive and timings honest.
    fileParallelism: false,
  },
});
