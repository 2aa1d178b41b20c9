/**
 * npm run migrate — applies this version's pending migrations to DATABASE_URL (else the embedded database
 * under DATA_DIR, created when absent). It takes the same advisory lock as a server's start, so it is safe
 * beside starting instances; with MIGRATE_ON_START=false it is the deploy step that migrates.
 */
import { ConfigError, loadDatabaseSettings } from '../config.js';
import { openDatabase } from '../db/client.js';
import { WAITING_FOR_MIGRATIONS } from '../db/prepare-schema.js';
import { describeDatabase, embeddedDatabaseInUse } from './database-target.js';

async function main() {
  let settings;
  try {
    settings = loadDatabaseSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const inUse = embeddedDatabaseInUse(settings);
  if (inUse) {
    console.error(inUse);
    process.exit(1);
  }
  console.log(`Migrating the ${describeDatabase(settings)}`);
  const database = await openDatabase(settings);
  try {
    const applied = await database.migrate({ onWait: () => console.log(WAITING_FOR_MIGRATIONS) });
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Nothing to apply: the schema is up to date.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
