import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, type PostgresTestDatabase } from '../apps/server/src/test/postgres-template.js';
import { freePort } from './support/server.js';

/**
 * The production install, by the Dockerfile's own commands: `npm run deploy-folder` lays out the build
 * (run after `npm run build`, as test:e2e does), `npm ci --omit=dev` installs only the server's runtime
 * packages, and then the server and every operator command run from there with no dev dependency. On the
 * embedded database always; on a new PostgreSQL database too when TEST_DATABASE_URL is set.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'ops-admin@example.com', password: 'Larkspur-Quarry-Violin-42' };
const noPostgres = process.env.TEST_DATABASE_URL
  ? null
  : 'set TEST_DATABASE_URL to run the production install on PostgreSQL too';
if (noPostgres) console.warn(`[production install] PostgreSQL part skipped: ${noPostgres}`);

interface Result {
  code: number | null;
  output: string;
}

/** Runs a command to its end and answers its exit code and output (stdout and stderr together). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** As `run`, for a step that must succeed: its output, or a failure that shows it. */
async function succeed(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const { code, output } = await run(command, args, cwd, env);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`);
  return output;
}

describe('the production install (npm ci --omit=dev of the production folder)', () => {
  let work: string;
  let folder: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'holdfast-production-'));
    folder = path.join(work, 'holdfast');
    await succeed('npm', ['run', 'deploy-folder', '--', folder], ROOT);
    // --prefer-offline: the packages come from npm's cache when it has them (CI's is warm after npm ci).
    await succeed('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], folder);
  }, 600_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Production settings, as docs/operations.md lists them (payments by the sandbox, allowed for a demo). */
  const production = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    PAYMENTS_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...settings,
  });
  const npm = (args: string[], env: NodeJS.ProcessEnv) => succeed('npm', args, folder, env);

  it('holds only the runtime packages: no build, test or lint tool', () => {
    for (const tool of ['tsx', 'esbuild', 'vite', 'vitest', 'typescript', 'drizzle-kit', 'eslint'])
      expect(existsSync(path.join(folder, 'node_modules', tool)), tool).toBe(false);
    for (const runtime of ['fastify', 'pg', '@electric-sql/pglite', 'sharp'])
      expect(existsSync(path.join(folder, 'node_modules', runtime)), runtime).toBe(true);
  });

  it('runs migrate, create-admin, ledger:check, backup and the server on the embedded database', async () => {
    const env = production({ DATA_DIR: path.join(work, 'data'), BACKUP_DIR: path.join(work, 'backups') });
    expect(await npm(['run', 'migrate'], env)).toMatch(/Applied \d+ migration\(s\): 0000_init/);
    expect(await npm(['run', 'create-admin', '--', '--email', ADMIN.email, '--password', ADMIN.password], env)).toMatch(
      `Created admin account ${ADMIN.email}`,
    );
    expect(await npm(['run', 'ledger:check'], env)).toMatch('Ledger OK');
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
