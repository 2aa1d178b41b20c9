import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built product on its own port and data dir.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
