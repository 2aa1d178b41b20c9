import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../db/client.js';
import type { Providers } from '../services.js';
import type { Clock } from '../lib/clock.js';
import { freshPglite } from './pglite-template.js';

/**
 * The engine a test run uses: vitest's `postgres` project sets TEST_DB_ENGINE=postgres and
 * TEST_DATABASE_URL; everything else runs on in-memory PGlite.
 */
export const testEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A connection for creating and dropping the test databases: to the database TEST_DATABASE_URL names
 * when it exists, else to the server's maintenance database `postgres` (nothing has to be created by
 * hand). A server that cannot be reached gives one message saying what to do.
 */
async function adminClient(baseUrl: string): Promise<pg.Client> {
  const maintenance = new URL(baseUrl);
  maintenance.pathname = '/postgres';
  let lastError: unknown;
  for (const connectionString of [baseUrl, maintenance.toString()]) {
    const client = new pg.Client({ connectionString });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      lastError = error;
      // 3D000: the named database does not exist; try the maintenance database.
      if ((error as { code?: string }).code !== '3D000') break;
    }
  }
  const safe = new URL(baseUrl);
  if (safe.password) safe.password = '***';
  throw new Error(
    `PostgreSQL tests cannot connect with TEST_DATABASE_URL=${safe.toString()}: ${(lastError as Error).message}. ` +
      'Start PostgreSQL (or fix the URL), or unset TEST_DATABASE_URL to run the database tests on PGlite only.',
  );
}

/** A new, empty database on TEST_DATABASE_URL's PostgreSQL server: its URL, and a way to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `holdfast_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(baseUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await adminClient(baseUrl);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The run's migrated PGlite template (test/pglite-template.ts); none outside Vitest (benchmarks). */
async function pgliteTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('pgliteTemplate');
}

/** A fresh, migrated database of its own for the calling test file (`migrate` is a no-op on the template). */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  if (testEngine === 'pglite') {
    const database = databaseFromPglite(await freshPglite(await pgliteTemplate()));
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const empty = await emptyPostgresDatabase();
  const database = await databaseFromPostgres(empty.url, undefined, 20);
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await empty.drop();
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
  opts: { env?: Record<string, string>; providers?: Partial<Providers>; clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({ config, database, providers: opts.providers, clock: opts.clock });
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
