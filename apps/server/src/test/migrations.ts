import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { databaseFromPglite, databaseFromPostgres, MIGRATIONS_DIR, type Database } from '../db/client.js';
import { emptyPostgresDatabase } from './postgres-template.js';
import { testEngine } from './test-app.js';

/**
 * A migration tested on data: `run` gets a new database migrated up to `lastTag` (`before`, to write
 * rows the old schema's way) and a handle on the same database (`after`) whose `migrate()` applies every
 * later migration. The database is dropped afterwards, on the test engine (PGlite or PostgreSQL).
 */
export async function withDatabaseAt(
  lastTag: string,
  run: (db: { before: Database; after: Database }) => Promise<void>,
): Promise<void> {
  const folder = migrationsUpTo(lastTag);
  const { before, after, dispose } = await emptyDatabase(folder);
  try {
    await before.migrate();
    await run({ before, after });
  } finally {
    await dispose();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A copy of the migrations folder whose journal ends at `lastTag`. */
function migrationsUpTo(lastTag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'holdfast-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Two handles on one new, empty database: one migrating with `folder`, the other with every migration. */
async function emptyDatabase(folder: string) {
  if (testEngine === 'pglite') {
    const client = new PGlite();
    return {
      before: databaseFromPglite(client, folder),
      after: databaseFromPglite(client),
      dispose: () => client.close(),
    };
  }
  const empty = await emptyPostgresDatabase();
  const before = await databaseFromPostgres(empty.url, folder, 2);
  const after = await databaseFromPostgres(empty.url, undefined, 2);
  return {
    before,
    after,
    dispose: async () => {
      await before.close();
      await after.close();
      await empty.drop();
    },
  };
}
