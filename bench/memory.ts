/**
 * The production server's memory on the embedded database, against a bare Fastify in the same run.
 *
 *   npm run build && npx tsx bench/memory.ts          # MEMORY_IDLE_SECONDS=30 by default
 *
 * Starts apps/server/dist/main.js as `npm start` does (with the node flags of package.json's start
 * script) with a new data directory (so the first start creates, migrates and seeds the database), reads
 * VmRSS from /proc/<pid>/status when /api/health first answers and again after the idle period; then a
 * second start on the same directory; then the same without the flags (plain `node main.js`); then a
 * bare Fastify process with one route. A benchmark, not a test: it prints, it does not assert.
 *
 * After the second start's idle reading it registers two accounts: the first registration checks the
 * first password and so loads zxcvbn's dictionaries (lib/optional-module.ts); the time of each and the
 * RSS after show what loading on first use costs that request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS ?? 30);
const TARGET_MB = 200;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Wall time of POST /api/auth/register (201 expected), in ms. */
async function register(port: number, n: number): Promise<number> {
  const password = 'Tangerine-Orbit-47';
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Memory',
      email: `bench-memory-${n}-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
      role: 'buyer',
    }),
  });
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ms;
}

async function measure(
  label: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  healthPath: string,
  afterIdle?: (pid: number) => Promise<void>,
) {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: exited early`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${healthPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label}: not healthy in 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const start = rssMb(child.pid!);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idle = rssMb(child.pid!);
  await afterIdle?.(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  console.log(
    `${label.padEnd(44)} start ${String(start).padStart(4)} MB   idle after ${IDLE_SECONDS} s ${String(idle).padStart(4)} MB`,
  );
  return { start, idle };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-memory-'));
const serverEnv = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
const main = path.join(ROOT, 'apps/server/dist/main.js');
// The node flags `npm start` gives the server (e.g. --max-semi-space-size), read from the start script.
const startScript: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
const startFlags = startScript
  .match(/node ((?:--\S+ )*)apps\/server\/dist\/main\.js/)?.[1]
  .trim()
  .split(/\s+/)
  .filter(Boolean);
if (!startFlags) throw new Error(`the start script does not run apps/server/dist/main.js: ${startScript}`);
console.log(`npm start runs: node ${[...startFlags, 'apps/server/dist/main.js'].join(' ')}\n`);
const bareCode =
  "import Fastify from 'fastify'; const app = Fastify(); app.get('/bare', async () => ({ ok: true }));" +
  "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });";
try {
  const first = await measure(
    'server, embedded database, first start',
    [...startFlags, main],
    serverEnv,
    await freePort(),
    '/api/health',
  );
  let registrations = '';
  const secondPort = await freePort();
  await measure(
    'server, embedded database, second start',
    [...startFlags, main],
    serverEnv,
    secondPort,
    '/api/health',
    async (pid) => {
      const first = await register(secondPort, 1);
      const second = await register(secondPort, 2);
      registrations =
        `  then registrations: first ${first.toFixed(0)} ms (loads zxcvbn), second ${second.toFixed(0)} ms; ` +
        `RSS after ${rssMb(pid)} MB`;
    },
  );
  console.log(registrations);
  await measure('the same, plain node (no flags)', [main], serverEnv, await freePort(), '/api/health');
  const bare = await measure('bare Fastify', ['--input-type=module', '-e', bareCode], {}, await freePort(), '/bare');
  console.log(
    `\nidle RSS ${first.idle} MB now / ${TARGET_MB} MB target; bare Fastify ${bare.idle} MB (${(first.idle / bare.idle).toFixed(1)}×)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
