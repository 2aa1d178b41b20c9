import type { Database } from './client.js';

/** The database is older than this version's code and MIGRATE_ON_START=false: nothing may start on it. */
export class SchemaBehindError extends Error {}

export const WAITING_FOR_MIGRATIONS = 'Another process is migrating the database; waiting until it is done.';

/**
 * Before the server (or a command using the app) starts: apply the pending migrations (MIGRATE_ON_START,
 * the default), or, when migrations are a deploy step of their own, refuse a database that is behind.
 * A database ahead of this version is fine: that is an older instance during a rolling upgrade.
 */
export async function prepareSchema(database: Database, migrateOnStart: boolean): Promise<void> {
  if (migrateOnStart) {
    await database.migrate({ onWait: () => console.log(WAITING_FOR_MIGRATIONS) });
    return;
  }
  const pending = await database.pendingMigrations();
  if (pending.length) {
    const named = pending.length > 3 ? [...pending.slice(0, 3), '…'] : pending;
    throw new SchemaBehindError(
      `The database is behind this version: ${pending.length} migration(s) to apply (${named.join(', ')}).\n` +
        'MIGRATE_ON_START=false, so the server does not apply them: run `npm run migrate` with this version ' +
        '(same DATABASE_URL or DATA_DIR), then start it again.',
    );
  }
}
