/**
 * npm run ledger:check — verifies the ledger's invariants on the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR). Exit code 1 when anything is wrong.
 * With the embedded database, stop the server first: PGlite files are opened by one process at a time.
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { checkLedger } from '../ledger/index.js';

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
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await checkLedger(database.db);
    if (result.ok) {
      console.log(`Ledger OK (${database.engine})`);
    } else {
      console.error(`Ledger has ${result.problems.length} problem(s) (${database.engine}):`);
      for (const problem of result.problems) console.error(`  - ${problem}`);
    }
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
