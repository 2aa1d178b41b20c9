import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built product on its own port and data dir, a copy of the one
// the product's first start prepared at the start of the run (e2e/support/server.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: a journey spends most of its time waiting on the browser and the server (one file
    // keeps about 0.6 of 2 cores busy), and each file has its own server, port, data directory and browser.
    maxWorkers: 2,
    // A page in a real browser on a busy CI machine can take seconds to settle; 1 s (the default) flakes.
    expect: { poll: { timeout: 15_000 } },
  },
});
