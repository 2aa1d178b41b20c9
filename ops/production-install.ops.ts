import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyPostgresDatabase, type PostgresTestDatabase } from '../apps/server/src/test/postgres-template.js';
import { freePort } from './support/processes.js';
import { run, succeed } from './support/production-folder.js';

/**
 * The production install (ops/support/production-folder.ts: `npm run deploy-folder`, then `npm ci
 * --omit=dev`, the Dockerfile's own commands) runs the server and every operator command with no dev
 * dependency. On the embedded database always; on a new PostgreSQL database too when TEST_DATABASE_URL is set.
 */
const ADMIN = { email: 'ops-admin@example.com', password: 'Larkspur-Quarry-Violin-42' };
const noPostgres = process.env.TEST_DATABASE_URL
  ? null
  : 'set TEST_DATABASE_URL to run the production install on PostgreSQL too';
if (noPostgres) console.warn(`[production install] PostgreSQL part skipped: ${noPostgres}`);

describe('the production install (npm ci --omit=dev of the production folder)', () => {
  const folder = inject('productionFolder');
  const work = mkdtempSync(path.join(tmpdir(), 'holdfast-production-data-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Production settings, as docs/operations.md lists them (payments by the sandbox, allowed for a demo). */
  const production = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENTS_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...settings,
  });
  const npm = (args: string[], env: NodeJS.ProcessEnv) => succeed('npm', args, folder, env);
  /** The built-in sample list, loaded as an operator loads OFAC's files (production never loads it by itself). */
  const sample = (file: string) => path.join(folder, 'apps/server/dist', file);
  const sanctionsImport = [
    'run',
    'sanctions:import',
    '--',
    sample('sample-sdn.csv'),
    '--aliases',
    sample('sample-alt.csv'),
    '--list',
    'sdn',
  ];

  it('holds only the runtime packages: no build, test or lint tool', () => {
    for (const tool of ['tsx', 'esbuild', 'vite', 'vitest', 'typescript', 'drizzle-kit', 'eslint'])
      expect(existsSync(path.join(folder, 'node_modules', tool)), tool).toBe(false);
    for (const runtime of ['fastify', 'pg', '@electric-sql/pglite', 'sharp'])
      expect(existsSync(path.join(folder, 'node_modules', runtime)), runtime).toBe(true);
  });

  it('runs migrate, create-admin, ledger:check, sanctions:import, backup and the server on the embedded database', async () => {
    const env = production({ DATA_DIR: path.join(work, 'data'), BACKUP_DIR: path.join(work, 'backups') });
    expect(await npm(['run', 'migrate'], env)).toMatch(/Applied \d+ migration\(s\): 0000_init/);
    expect(await npm(['run', 'create-admin', '--', '--email', ADMIN.email, '--password', ADMIN.password], env)).toMatch(
      `Created admin account ${ADMIN.email}`,
    );
    expect(await npm(['run', 'ledger:check'], env)).toMatch('Ledger OK');
    expect(await npm(sanctionsImport, env)).toMatch(
      /Loaded sanctions list "sdn" .*: 12 entries, 5 aliases \(new list\)/,
    );
    expect(await npm(['run', 'backup'], env)).toMatch(/Wrote .*holdfast-\d{8}T\d{6}Z\.tar\.gz/);
    expect(readdirSync(path.join(work, 'backups'))).toHaveLength(1);

    const server = await start({ ...env, MIGRATE_ON_START: 'false' });
    try {
      await expectServing(server.url);
      // One process at a time opens an embedded database: the commands refuse while the server has it.
      const refused = await run('npm', ['run', 'backup'], folder, env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('open in another process');
    } finally {
      await server.stop();
    }
  }, 600_000);

  describe.skipIf(noPostgres)('on a new PostgreSQL database', () => {
    let database: PostgresTestDatabase;
    beforeAll(async () => {
      database = await emptyPostgresDatabase('holdfast_production');
    });
    afterAll(() => database?.drop());

    it('three migrate commands at once apply each migration once; then every command and the server run', async () => {
      const env = production({ DATABASE_URL: database.url, BACKUP_DIR: path.join(work, 'pg-backups') });
      const outputs = await Promise.all([1, 2, 3].map(() => npm(['run', 'migrate'], env)));
      expect(outputs.filter((o) => /Applied \d+ migration/.test(o))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('Nothing to apply'))).toHaveLength(2);

      expect(
        await npm(['run', 'create-admin', '--', '--email', ADMIN.email, '--password', ADMIN.password], env),
      ).toMatch(`Created admin account ${ADMIN.email}`);
      expect(await npm(['run', 'ledger:check'], env)).toMatch('Ledger OK');
      expect(await npm(sanctionsImport, env)).toMatch(/Loaded sanctions list "sdn" .*: 12 entries, 5 aliases/);
      expect(await npm(['run', 'backup'], env)).toMatch(/Wrote .*holdfast-\d{8}T\d{6}Z\.dump/);

      const server = await start({ ...env, MIGRATE_ON_START: 'false' });
      try {
        await expectServing(server.url);
      } finally {
        await server.stop();
      }
    }, 600_000);
  });

  /** `npm start` in the production folder on a free port, until it says it is running. */
  async function start(env: NodeJS.ProcessEnv) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // A process group of its own: npm, its shell and node stop together.
    const child: ChildProcess = spawn('npm', ['start'], {
      cwd: folder,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        output += d;
        if (output.includes(`Holdfast is running at ${url}`)) resolve();
      });
      child.stderr!.on('data', (d) => (output += d));
      child.once('exit', (code) => reject(new Error(`npm start exited (code ${code}):\n${output}`)));
    });
    return {
      url,
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      },
    };
  }

  /** The web app, the API's JSON errors, and a sign-in through the database all answer. */
  async function expectServing(url: string) {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const anonymous = await fetch(`${url}/api/auth/user`);
    expect(anonymous.status).toBe(401);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
  }
});
