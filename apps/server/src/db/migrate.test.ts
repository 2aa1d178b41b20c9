import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, type PostgresTestDatabase } from '../test/postgres-template.js';
import { withDatabaseAt } from '../test/migrations.js';
import { testEngine } from '../test/test-app.js';
import { databaseFromPglite, databaseFromPostgres, MIGRATIONS_DIR, rowsOf, type Database } from './client.js';
import { prepareSchema, SchemaBehindError } from './prepare-schema.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const allTags = journal.entries.map((e) => e.tag);

/** A new, empty database on the test engine (no migration applied), and a way to drop it. */
async function emptyDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (testEngine === 'pglite') {
    const database = databaseFromPglite(new PGlite());
    return { database, dispose: () => database.close() };
  }
  const empty = await emptyPostgresDatabase('holdfast_migrate');
  const database = await databaseFromPostgres(empty.url, undefined, 2);
  return {
    database,
    dispose: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

describe('pending migrations and MIGRATE_ON_START', () => {
  it('a new database has every migration pending: refused when false, applied once when true', async () => {
    const { database, dispose } = await emptyDatabase();
    try {
      expect(await database.pendingMigrations()).toEqual(allTags);
      const refusal = await prepareSchema(database, false).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(SchemaBehindError);
      expect((refusal as Error).message).toContain(`${allTags.length} migration(s) to apply (${allTags[0]}, `);
      expect((refusal as Error).message).toContain('npm run migrate');

      await prepareSchema(database, true);
      expect(await database.pendingMigrations()).toEqual([]);
      expect(await database.migrate()).toEqual([]);
      await expect(prepareSchema(database, false)).resolves.toBeUndefined();
    } finally {
      await dispose();
    }
  });

  it('names only the migrations newer than the newest applied one', async () => {
    const second = allTags[1]!;
    await withDatabaseAt(second, async ({ after }) => {
      expect(await after.pendingMigrations()).toEqual(allTags.slice(2));
      expect(await after.migrate()).toEqual(allTags.slice(2));
    });
  });
});

const needsPostgres =
  testEngine === 'postgres' ? null : 'needs PostgreSQL (runs in the postgres project, with TEST_DATABASE_URL)';
if (needsPostgres) console.warn(`[migrations] concurrent-migration test skipped: ${needsPostgres}`);

describe.skipIf(needsPostgres)('several instances migrating one new PostgreSQL database at once', () => {
  let fresh: PostgresTestDatabase | undefined;
  afterAll(() => fresh?.drop());

  it('all succeed, one applies every migration, and each is recorded once', async () => {
    fresh = await emptyPostgresDatabase('holdfast_migrate_race');
    const instances = await Promise.all(
      Array.from({ length: 5 }, () => databaseFromPostgres(fresh!.url, undefined, 1)),
    );
    let waited = 0;
    try {
      const applied = await Promise.all(instances.map((d) => d.migrate({ onWait: () => waited++ })));
      // Exactly one did the work; the others waited for its lock and then found nothing to apply.
      expect(applied.filter((tags) => tags.length > 0)).toEqual([allTags]);
      expect(waited).toBeGreaterThan(0);
      const recorded = await rowsOf<{ n: string; hashes: string }>(
        instances[0]!.db,
        sql`select count(*)::text as n, count(distinct hash)::text as hashes from drizzle.__drizzle_migrations`,
      );
      expect(recorded).toEqual([{ n: String(allTags.length), hashes: String(allTags.length) }]);
      expect(await instances[0]!.pendingMigrations()).toEqual([]);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
  });
});
