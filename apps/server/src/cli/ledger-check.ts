/**
 * npm run ledger:check — verifies the ledger's invariants on the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR). Exit code 1 when anything is wrong.
 * With the embedded database, stop the server first: PGlite files are opened by one process at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { checkLedger } from '../ledger/index.js';

/** Which database a check reads, as a person would name it: a URL without its password, or a folder. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded database in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

/** Why the embedded database cannot be checked (nothing to check there), or null when it can. */
export function missingEmbeddedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string | null {
  if (config.databaseUrl) return null;
  const dir = path.join(config.dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) return null;
  return (
    `No database in ${dir}: checking it would create an empty one.\n` +
    'Set DATA_DIR to the folder the server uses (default ./data, run from the project root) or DATABASE_URL.'
  );
}

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
  const missing = missingEmbeddedDatabase(config);
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const which = describeDatabase(config);
  console.log(`Checking the ledger of the ${which}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
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

// Run only as the command, so the helpers above can be tested.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    console.error(error);
    process.exit(2);
  });
}
