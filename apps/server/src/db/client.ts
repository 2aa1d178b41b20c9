import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Migrations live beside this file in src, and are copied beside the bundle in dist. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function databaseFromPglite(client: PGlite, migrationsFolder = MIGRATIONS_DIR): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

export function databaseFromPostgres(url: string, migrationsFolder = MIGRATIONS_DIR, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Idle clients can error when the server restarts; log through the pool, never crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, otherwise PGlite with its files under `dataDir/pglite`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Database {
  if (opts.databaseUrl) return databaseFromPostgres(opts.databaseUrl);
  const dir = `${opts.dataDir}/pglite`;
  mkdirSync(dir, { recursive: true });
  return databaseFromPglite(new PGlite(dir));
}
