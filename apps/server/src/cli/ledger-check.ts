/**
 * npm run ledger:check — verifies the ledger's invariants on the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR). Exit code 1 when anything is wrong.
 * With the embedded database, stop the server first: PGlite files are opened by one process at a time.
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { prepareSchema, SchemaBehindError } from '../db/prepare-schema.js';
import { checkLedger } from '../ledger/index.js';
import { describeDatabase, embeddedDatabaseInUse, missingEmbeddedDatabase } from './database-target.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const missing = missingEmbeddedDatabase(config) ?? embeddedDatabaseInUse(config);
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const which = describeDatabase(config);
  console.log(`Checking the ledger of the ${which}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database, config.migrateOnStart);
    const result = await checkLedger(database.db);
    if (result.ok) {
      console.log('Ledger OK');
    } else {
      console.error(`Ledger has ${result.problems.length} problem(s):`);
      for (const problem of result.problems) console.error(`  - ${problem}`);
    }
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof SchemaBehindError ? error.message : error);
  process.exit(2);
});
