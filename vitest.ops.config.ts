import { defineConfig } from 'vitest/config';

// Operations tests (`npm run test:ops`, after `npm run build`): the production install made once per run
// (ops/support/production-folder.ts), its operator commands, and three instances of it behind HAProxy
// under faults. One file at a time: the topology test needs the machine's cores to itself.
export default defineConfig({
  test: {
    name: 'ops',
    include: ['ops/**/*.ops.ts'],
    globalSetup: ['ops/support/production-folder.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
