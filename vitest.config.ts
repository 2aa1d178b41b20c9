import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Database tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgresUrl = process.env.TEST_DATABASE_URL;

// Tests that prove a package loads on first use, not at start (`isPackageLoaded`, lib/optional-module.ts): they
// need a module cache of their own. A new such test is added here.
const FIRST_LOAD_TESTS = [
  'apps/server/src/db/client.test.ts',
  'apps/server/src/emails/render.test.ts',
  'apps/server/src/modules/auth/lazy-packages.test.ts',
  'apps/server/src/modules/profile/profile.sniff.test.ts',
  'apps/server/src/observability/metrics.test.ts',
];

/**
 * The server's tests on one engine, as two projects: most files share their worker's module cache (each
 * still builds its own app and database copy; importing the server's modules afresh for every file cost
 * about a third of the run), the first-load tests run isolated.
 */
function serverProjects(
  engine: 'pglite' | 'postgres',
  setup: Omit<NonNullable<TestProjectInlineConfiguration['test']>, 'name' | 'include'>,
): TestProjectInlineConfiguration[] {
  const common = { ...setup, testTimeout: 60_000, hookTimeout: 60_000 };
  return [
    {
      test: {
        ...common,
        name: engine,
        include: ['apps/server/src/**/*.test.ts'],
        exclude: FIRST_LOAD_TESTS,
        isolate: false,
      },
    },
    { test: { ...common, name: `${engine}-first-load`, include: FIRST_LOAD_TESTS } },
  ];
}

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
      // One migrated database made per run; each test file loads its own copy (test/pglite-template.ts).
      ...serverProjects('pglite', {
        env: { TEST_DB_ENGINE: 'pglite' },
        globalSetup: ['apps/server/src/test/pglite-template.ts'],
      }),
      // One migrated database made per run; each test file works on its own copy (test/postgres-template.ts).
      ...(postgresUrl
        ? serverProjects('postgres', {
            env: { TEST_DB_ENGINE: 'postgres', TEST_DATABASE_URL: postgresUrl },
            globalSetup: ['apps/server/src/test/postgres-template.ts'],
          })
        : []),
    ],
  },
});
