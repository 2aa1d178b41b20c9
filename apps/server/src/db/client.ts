import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** The rows of a statement written with drizzle's `sql` template (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface MigrateOptions {
  /** Called when another process holds the migration lock (PostgreSQL), before waiting for it. */
  onWait?: () => void;
}

/** The connection pool's state right now (metrics): connections open, those of them idle, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies the pending migrations (on PostgreSQL under an advisory lock); answers the tags it applied. */
  migrate(options?: MigrateOptions): Promise<string[]>;
  /** The tags of the migrations this version has that the database has not applied yet. */
  pendingMigrations(): Promise<string[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  poolStats(): PoolStats;
}

/** Migrations live beside this file in src, and are copied beside the bundle in dist. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Drizzle applies every migration of the folder's journal newer than the newest one recorded in
 * `drizzle.__drizzle_migrations` (by the journal's `when`); these are the ones it would apply now.
 */
export async function pendingMigrations(db: DbOrTx, migrationsFolder = MIGRATIONS_DIR): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const [{ applied } = { applied: false }] = await rowsOf<{ applied: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as applied`,
  );
  let newest = -Infinity;
  if (applied) {
    const [row] = await rowsOf<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    if (row?.newest != null) newest = Number(row.newest);
  }
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

/**
 * Every process that migrates a PostgreSQL database (each instance at start, `npm run migrate`) takes
 * this session-level advisory lock first, so instances started together migrate one after the other and
 * the later ones find nothing left to apply. Advisory locks are per database. Any fixed number works;
 * this one is "holdfast" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x686f6c6466617374n;

export function databaseFromPglite(client: PGlite, migrationsFolder = MIGRATIONS_DIR): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    // One process at a time opens an embedded database: nothing to race with.
    migrate: async () => {
      const pending = await pendingMigrations(db, migrationsFolder);
      if (pending.length) await migratePglite(db as never, { migrationsFolder });
      return pending;
    },
    pendingMigrations: () => pendingMigrations(db, migrationsFolder),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    // One in-process connection, which queues its callers itself: reported as one connection, idle.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  };
}

export async function databaseFromPostgres(
  url: string,
  migrationsFolder = MIGRATIONS_DIR,
  poolSize = 10,
): Promise<Database> {
  // import() of a package name stays a real, lazy import in the bundle (lib/optional-module.ts): a server
  // on the embedded database never loads node-postgres nor drizzle's driver for it (about 4 MB of RSS).
  // Through drizzle's ESM build, as the rest of the server uses drizzle: a require() would load its CJS copy too.
  const [{ drizzle: drizzlePg }, { migrate: migratePg }, { default: pg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('pg'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Idle clients can error when the server restarts; log through the pool, never crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async ({ onWait } = {}) => {
      // A connection of its own, outside the pool: the lock belongs to this session, and a pool of one
      // (the test template's) still has its connection for the migrations.
      const connection = new pg.Client({ connectionString: url });
      connection.on('error', () => {});
      await connection.connect();
      try {
        const key = String(MIGRATION_LOCK_KEY);
        const [first] = (await connection.query('select pg_try_advisory_lock($1) as locked', [key])).rows;
        if (!first.locked) {
          onWait?.();
          await connection.query('select pg_advisory_lock($1)', [key]);
        }
        const session = drizzlePg(connection, { schema }) as unknown as Db;
        const pending = await pendingMigrations(session, migrationsFolder);
        if (pending.length) await migratePg(session as never, { migrationsFolder });
        return pending;
      } finally {
        // Ending the session releases the lock, also when a migration failed.
        await connection.end();
      }
    },
    pendingMigrations: () => pendingMigrations(db, migrationsFolder),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

/**
 * The embedded server's memory settings. PGlite's defaults (PostgreSQL's: 128 MB of shared buffers,
 * all of it touched at start) cost more than the whole rest of the process; one person's or a small
 * team's data fits in far less (8 MB is 1,024 pages; a page not in them is read from the operating
 * system's file cache). The rest of PGlite's own start parameters stay as they are.
 */
export const PGLITE_MEMORY_SETTINGS = ['shared_buffers=8MB', 'wal_buffers=1MB', 'temp_buffers=1MB'];

export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
}

/** The embedded database's directory under the data directory. */
export function pgliteDir(dataDir: string): string {
  return `${dataDir}/pglite`;
}

/** True once the embedded database's files exist (PostgreSQL's initdb has run in `dataDir`). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(`${pgliteDir(dataDir)}/PG_VERSION`);
}

/** PostgreSQL when a URL is given, otherwise PGlite with its files under `dataDir/pglite`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return databaseFromPostgres(opts.databaseUrl);
  const dir = pgliteDir(opts.dataDir);
  mkdirSync(dir, { recursive: true });
  return databaseFromPglite(new PGlite(dir, { startParams: pgliteStartParams() }));
}
