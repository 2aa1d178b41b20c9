import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDir, pgliteStartParams } from './client.js';

export type BackupEngine = 'postgres' | 'pglite';

/**
 * `holdfast-20250601T123005Z.dump` (pg_dump's custom format) or `….tar.gz` (the embedded data directory):
 * UTC, so the names sort by time whatever the machine's zone.
 */
export function backupFileName(engine: BackupEngine, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `holdfast-${stamp}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/**
 * Writes a backup of DATABASE_URL (pg_dump, custom format: one consistent snapshot while the servers keep
 * running) or of the embedded database under `dataDir` (stop the server first) into `folder`; answers the
 * file. It is written under a temporary name and renamed when complete, so a file with the final name is
 * always a whole backup.
 */
export async function backupDatabase(
  settings: { databaseUrl?: string; dataDir: string },
  folder: string,
  now = new Date(),
): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupFileName(settings.databaseUrl ? 'postgres' : 'pglite', now));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const partial = `${file}.partial`;
  try {
    if (settings.databaseUrl) await pgDump(settings.databaseUrl, partial);
    else await dumpEmbedded(settings.dataDir, partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return file;
}

/** pg_dump with the password in its environment, never on its command line (where `ps` shows it). */
async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'pg_dump was not found: install the PostgreSQL client tools, of the server’s major version or newer ' +
                '(Debian: apt-get install postgresql-client)',
            )
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed (exit code ${code})`))));
  });
}

/**
 * PGlite's own copy of its data directory (`dumpDataDir`), a gzipped tar of the folder's contents:
 * unpacked into an empty DATA_DIR/pglite it is the database again. A checkpoint first writes every change
 * into the data files, so the copy opens without recovery.
 */
async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  const client = new PGlite(pgliteDir(dataDir), { startParams: pgliteStartParams() });
  try {
    await client.query('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}
