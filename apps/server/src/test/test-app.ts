import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testPasswordHashing } from './password-hashing.js';
import { testConfig } from '../config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../db/client.js';
import type { Providers } from '../services.js';
import type { Clock } from '../lib/clock.js';
import { freshPglite } from './pglite-template.js';
import { postgresTestDatabase } from './postgres-template.js';

/**
 * The engine a test run uses: vitest's `postgres` project sets TEST_DB_ENGINE=postgres and
 * TEST_DATABASE_URL; everything else runs on in-memory PGlite.
 */
export const testEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database of its own for the calling test file (`migrate` is a no-op on a template's copy). */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  if (testEngine === 'pglite') {
    const database = databaseFromPglite(await freshPglite());
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const copy = await postgresTestDatabase();
  const database = await databaseFromPostgres(copy.url, undefined, 20);
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The whole app on its own database, ready for `app.inject`. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    providers?: Partial<Providers>;
    clock?: Clock;
    /** Receives the log lines (with LOG_LEVEL set in `env`: tests are silent by default). */
    logStream?: { write(line: string): void };
    /** Adds the test's own hooks (e.g. test/crash-points.ts) before the app is ready. */
    prepare?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    providers: { passwordHashing: testPasswordHashing, ...opts.providers },
    clock: opts.clock,
    logStream: opts.logStream,
  });
  opts.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
