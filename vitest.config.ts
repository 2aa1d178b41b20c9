import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Database tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Each test file in a worker thread of its own (about a quarter less CPU per file than a process of its
    // own), two files at a time at least: Vitest's default (cores - 1) runs one at a time on a 2-core CI
    // machine, whose second core then mostly waits while a file waits on PostgreSQL.
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // The web's '@/...' imports resolve as in its Vite config.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'pglite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TEST_DB_ENGINE: 'pglite' },
          // One migrated database made per run; each test file loads its own copy (test/pglite-template.ts).
          globalSetup: ['apps/server/src/test/pglite-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'postgres',
                include: ['apps/server/src/**/*.test.ts'],
                env: { TEST_DB_ENGINE: 'postgres', TEST_DATABASE_URL: postgresUrl },
                // One migrated database made per run; each test file works on its own copy (test/postgres-template.ts).
                globalSetup: ['apps/server/src/test/postgres-template.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
