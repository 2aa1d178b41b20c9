/**
 * npm run backup [-- <folder>] — writes a timestamped backup of DATABASE_URL (pg_dump, custom format; the
 * servers may keep running) or of the embedded database under DATA_DIR (stop the server first: PGlite files
 * are opened by one process at a time) into <folder>, else BACKUP_DIR (default ./backups).
 * Restoring: docs/operations.md, "Backup and restore".
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadDatabaseSettings } from '../config.js';
import { backupDatabase } from '../db/backup.js';
import { describeDatabase, embeddedDatabaseInUse, missingEmbeddedDatabase } from './database-target.js';

const USAGE = 'Usage: npm run backup [-- <folder>]   (default: BACKUP_DIR, else ./backups)';

async function main() {
  let folder: string | undefined;
  let settings;
  try {
    const { positionals, values } = parseArgs({
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    if (positionals.length > 1) throw new Error('Give at most one folder.');
    folder = positionals[0];
    settings = loadDatabaseSettings();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  const missing = missingEmbeddedDatabase(settings) ?? embeddedDatabaseInUse(settings);
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const target = path.resolve(folder ?? settings.backupDir);
  console.log(`Backing up the ${describeDatabase(settings)} into ${target}`);
  const file = await backupDatabase(settings, target);
  const megabytes = (statSync(file).size / 1_048_576).toFixed(1);
  console.log(`Wrote ${file} (${megabytes} MB)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
