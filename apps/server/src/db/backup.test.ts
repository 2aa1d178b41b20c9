import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { checkLedger } from '../ledger/index.js';
import { DEMO_ACCOUNTS, prepareData } from '../startup.js';
import { freshPgliteOnDisk } from '../test/pglite-template.js';
import { emptyPostgresDatabase, postgresTestDatabase, type PostgresTestDatabase } from '../test/postgres-template.js';
import { testEngine } from '../test/test-app.js';
import { backupDatabase, backupFileName } from './backup.js';
import { databaseFromPglite, databaseFromPostgres, openDatabase, type Database } from './client.js';
import { postings, transactions } from './schema/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'holdfast-backup-'));
const dropLater: PostgresTestDatabase[] = [];
afterAll(async () => {
  for (const database of dropLater) await database.drop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${output}`))));
  });
}

/** The database to back up, on the test engine, where the command would find it (a data dir or a URL). */
async function sourceDatabase(): Promise<{ database: Database; settings: { databaseUrl?: string; dataDir: string } }> {
  const dataDir = path.join(work, 'source');
  if (testEngine === 'pglite')
    return { database: databaseFromPglite(await freshPgliteOnDisk(dataDir)), settings: { dataDir } };
  const copy = await postgresTestDatabase();
  dropLater.push(copy);
  return { database: await databaseFromPostgres(copy.url, undefined, 2), settings: { databaseUrl: copy.url, dataDir } };
}

/** The restore of docs/operations.md: unpack into an empty DATA_DIR/pglite, or pg_restore into a new database. */
async function restore(file: string): Promise<Database> {
  if (testEngine === 'pglite') {
    const dataDir = path.join(work, 'restored');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    await run('tar', ['-xzf', file, '-C', path.join(dataDir, 'pglite')]);
    return openDatabase({ dataDir });
  }
  const fresh = await emptyPostgresDatabase('holdfast_restore');
  dropLater.push(fresh);
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${fresh.url}`, file]);
  return databaseFromPostgres(fresh.url, undefined, 2);
}

/** What must survive: the buyer's balance, the deals, the ledger, and the buyer's password. */
async function snapshot(database: Database) {
  const app = await buildApp({ config: testConfig({ SEED_DEMO: 'true' }), database });
  try {
    const buyer = DEMO_ACCOUNTS.find((a) => a.role === 'buyer')!;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    const buyerId = (login.json() as { user: { id: string } }).user.id;
    const [deals] = await database.db.select({ n: count() }).from(transactions);
    const [entries] = await database.db.select({ n: count() }).from(postings);
    return {
      signIn: login.statusCode,
      balance: await app.services.wallet.balanceText(buyerId, 'ZAR'),
      deals: deals!.n,
      postings: entries!.n,
      ledger: await checkLedger(database.db),
    };
  } finally {
    await app.close();
  }
}

const pgDumpMissing =
  testEngine === 'postgres' && !['/usr/bin/pg_dump', '/usr/local/bin/pg_dump'].some((p) => existsSync(p))
    ? 'pg_dump is not installed (apt-get install postgresql-client)'
    : null;
if (pgDumpMissing) console.warn(`[backup] PostgreSQL backup test skipped: ${pgDumpMissing}`);

describe('npm run backup', () => {
  it('names files by UTC time, sortable, with the engine’s extension', () => {
    const at = new Date('2025-06-01T12:30:05.123Z');
    expect(backupFileName('postgres', at)).toBe('holdfast-20250601T123005Z.dump');
    expect(backupFileName('pglite', at)).toBe('holdfast-20250601T123005Z.tar.gz');
  });

  it.skipIf(pgDumpMissing)(
    'backs up a database with money in it; the restore has the same balances, deals and ledger, and people sign in',
    async () => {
      const { database, settings } = await sourceDatabase();
      let before;
      try {
        const app = await buildApp({ config: testConfig({ SEED_DEMO: 'true' }), database });
        await prepareData(app);
        await app.close();
        before = await snapshot(database);
      } finally {
        await database.close();
      }
      expect(before.signIn).toBe(200);
      expect(before.balance).toBe('4124.50');
      expect(before.ledger).toEqual({ ok: true, problems: [] });

      const file = await backupDatabase(settings, path.join(work, 'backups'));
      expect(readdirSync(path.join(work, 'backups'))).toEqual([path.basename(file)]);

      const restored = await restore(file);
      try {
        expect(await restored.pendingMigrations()).toEqual([]);
        expect(await snapshot(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
    // Two apps on three databases, and four demo passwords hashed: minutes on a busy machine.
    240_000,
  );
});
