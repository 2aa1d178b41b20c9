import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseFromPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name of a migrated, empty PostgreSQL database made once per run, to clone for each test file. */
    postgresTemplate: string;
  }
}

/**
 * Global setup of the `postgres` test project. Running every migration takes seconds on a busy machine;
 * every test file starts from the same migrated, empty database, so it is made once here and each file's
 * database is a copy of it (`CREATE DATABASE ... TEMPLATE`, a file copy inside the server). An unreachable
 * server stops the run here, with one message, before any test file starts.
 */
export default async function setup(project: TestProject) {
  const template = await emptyPostgresDatabase('holdfast_template');
  const database = await databaseFromPostgres(template.url, undefined, 1);
  try {
    await database.migrate();
  } finally {
    // A template must have no connection left when it is copied.
    await database.close();
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}

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

export interface PostgresTestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on TEST_DATABASE_URL's PostgreSQL server, named `<prefix>_<random>`: empty, or a copy of
 * the database named `template`. Its URL, and a way to drop it.
 */
export async function emptyPostgresDatabase(
  prefix = 'holdfast_test',
  template?: string,
): Promise<PostgresTestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  // Names cannot be bound parameters; both are quoted as identifiers.
  const admin = await adminClient(baseUrl);
  try {
    await admin.query(
      template
        ? `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`
        : `CREATE DATABASE ${pg.escapeIdentifier(name)}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = await adminClient(baseUrl);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A database of its own for the calling test file: a copy of the run's migrated template when there is one. */
export async function postgresTestDatabase(): Promise<PostgresTestDatabase> {
  return emptyPostgresDatabase('holdfast_test', await postgresTemplate());
}

/** The run's template (the setup above); none outside Vitest (benchmarks), where `migrate()` does the work. */
async function postgresTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('postgresTemplate');
}
