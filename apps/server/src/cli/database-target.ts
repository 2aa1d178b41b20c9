/** What the operator commands say about the database they work on, and when they refuse to start. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSettings } from '../config.js';

type Target = Pick<DatabaseSettings, 'databaseUrl' | 'dataDir'>;

/** Which database a command works on, as a person would name it: a URL without its password, or a folder. */
export function describeDatabase(config: Target): string {
  if (!config.databaseUrl) return `embedded database in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

/** Why the embedded database cannot be read (nothing there), or null when it can. */
export function missingEmbeddedDatabase(config: Target): string | null {
  if (config.databaseUrl) return null;
  const dir = path.join(config.dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) return null;
  return (
    `No database in ${dir}: reading it would create an empty one.\n` +
    'Set DATA_DIR to the folder the server uses (default ./data, run from the project root) or DATABASE_URL.'
  );
}

/**
 * Why the embedded database cannot be opened now, or null. PGlite keeps `postmaster.pid` in its folder
 * while a process has it open and removes it on a clean close; a second process writing the same files
 * would corrupt them. A server that crashed leaves the file behind: starting and stopping it once clears it.
 */
export function embeddedDatabaseInUse(config: Target): string | null {
  if (config.databaseUrl) return null;
  const pidFile = path.join(config.dataDir, 'pglite', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  return (
    `The embedded database in ${path.dirname(pidFile)} is open in another process (${pidFile} exists): ` +
    'stop the server first. If none is running (it crashed), start and stop it once.'
  );
}
