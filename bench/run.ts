/**
 * The benchmark (never a timed test): every figure of issue 12's request and release paths, measured
 * from outside the server. See docs/performance.md.
 *
 *   npm run bench                                   # PGlite, and PostgreSQL when a URL is set
 *   TEST_DATABASE_URL=postgres://… npm run bench    # (BENCH_DATABASE_URL wins) fresh database, dropped after
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 npm run bench    # the defaults
 *   BENCH_ENGINES=postgres npm run bench            # one engine only
 *   BENCH_JSON=out.json npm run bench               # every run as JSON too
 *   BENCH_CPU_PROF=dir npm run bench                # the app server runs under node --cpu-prof
 *
 * Processes: the bare Fastify route (bench/external/bare-server.ts), the app (bench/external/app-server.ts,
 * built as the server builds it, with a bench-only raw-SQL instance beside it), and the load generators:
 * autocannon -c 50 for the GET routes, bench/external/release-client.ts for releases (autocannon cannot
 * chain dependent requests). Each measured run is preceded by a bare run, in rounds (bare, A, bare, B, …),
 * and each figure is the median over the rounds of the ratio to the bare run right before it.
 * CPU per operation: utime+stime deltas of the app process from /proc/<pid>/stat, and on PostgreSQL of
 * every backend serving the bench database (pids from pg_stat_activity, sampled during the run).
 * SQL per operation: statements the app sent (a counting hook on the driver, bench process only;
 * pg_stat_statements would need shared_preload_libraries, which the local server does not load), with
 * BEGIN/COMMIT/ROLLBACK counted apart as transactions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Servers still running: stopped when this process ends, however it ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

interface Started {
  child: ChildProcess;
  info: Record<string, unknown> & { port: number };
}

/** Starts `file` under node (+tsx) and waits for its `READY {json}` line. */
function startProcess(file: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, info: JSON.parse(line.slice(6)) });
      else console.log(line);
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** utime + stime of a process in ms, or null once it is gone. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** CPU of the PostgreSQL backends serving one database: first and last reading of every pid seen. */
class BackendCpu {
  private first = new Map<number, number>();
  private last = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  constructor(
    private admin: pg.Client | null,
    private database: string,
  ) {}
  private async sample(initial: boolean) {
    if (!this.admin) return;
    const { rows } = await this.admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [this.database],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === null) continue;
      // A backend born during the run counts from zero.
      if (!this.first.has(pid)) this.first.set(pid, initial ? ms : 0);
      this.last.set(pid, ms);
    }
  }
  async start() {
    this.first.clear();
    this.last.clear();
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => {}), 250);
  }
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample(false);
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? 0);
    return total;
  }
}

interface Run {
  ops: number;
  rps: number;
  nodeCpuMs: number;
  dbCpuMs: number;
  statements: number;
  transactions: number;
}

interface Target {
  name: string;
  /** A GET route for autocannon, or the release client. */
  kind: 'get' | 'releases' | 'releases pairs' | 'raw releases pairs';
  port: 'app' | 'raw' | 'bare';
  path?: string;
  cookie?: string;
  /** A different session on each request, in turn (bench/external/many-sessions-client.ts). */
  cookies?: string[];
}

function autocannon(
  url: string,
  seconds: number,
  cookie?: string,
  cookies?: string[],
): Promise<{ ops: number; rps: number }> {
  const args = cookies
    ? ['--import', 'tsx', here('./external/many-sessions-client.ts'), url, String(CONNECTIONS), String(seconds)]
    : [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  if (cookie) args.push('-H', `cookie=${cookie}`);
  if (!cookies) args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: [cookies ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    if (cookies) child.stdin!.end(cookies.join('\n'));
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { requests: { sent: number }; '2xx': number; non2xx: number; errors: number };
        if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
        // Throughput counts answers within the window; work per operation divides by every request sent,
        // since the server also finishes the (up to -c) requests still in flight when the window closes.
        resolve({ ops: r.requests.sent, rps: r['2xx'] / seconds });
      } catch (error) {
        reject(new Error(`autocannon ${url}: ${String(error)}: ${out.slice(0, 300)}`));
      }
    });
  });
}

function releaseClient(
  port: number,
  info: Started['info'],
  seconds: number,
  pairs = false,
  prefix = '/api',
): Promise<{ ops: number; rps: number }> {
  const buyer = info.buyer as { cookie: string };
  const seller = info.seller as { cookie: string; email: string };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', here('./external/release-client.ts'), String(port), buyer.cookie, seller.cookie, seller.email],
    {
      env: {
        ...process.env,
        BENCH_RUN_SECONDS: String(seconds),
        BENCH_RELEASE_PREFIX: prefix,
        ...(pairs ? { BENCH_RELEASE_PAIRS: JSON.stringify(info.pairs) } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { releases: number; seconds: number; errors: number };
        if (r.errors) return reject(new Error(`${r.errors} releases failed`));
        resolve({ ops: r.releases, rps: r.releases / r.seconds });
      } catch (error) {
        reject(new Error(`release client: ${String(error)}: ${out}`));
      }
    }),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function benchEngine(engine: 'pglite' | 'postgres', pgUrl?: string) {
  let admin: pg.Client | null = null;
  let dbName = '';
  const env: Record<string, string> = {};
  if (engine === 'postgres') {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    dbName = `holdfast_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    env.BENCH_PG_URL = url.toString();
  }
  const profDir = process.env.BENCH_CPU_PROF;
  const bare = await startProcess(here('./external/bare-server.ts'));
  const app = await startProcess(
    here('./external/app-server.ts'),
    env,
    profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  );
  const info = app.info;
  const appPid = info.pid as number;
  const rssAfterSeed = rssMb(appPid);
  const backends = new BackendCpu(admin, dbName);
  const stats = async () => {
    const res = await fetch(`http://127.0.0.1:${info.rawPort}/stats`);
    return (await res.json()) as { statements: number; transactions: number };
  };
  const statementsNow = async () => (await stats()).statements;
  const buyer = info.buyer as { cookie: string };
  const lister = info.lister as { cookie: string };
  const targets: Target[] = [
    { name: 'releases', kind: 'releases', port: 'app' },
    { name: 'releases pairs', kind: 'releases pairs', port: 'app' },
    { name: 'raw releases pairs', kind: 'raw releases pairs', port: 'raw' },
    { name: 'list', kind: 'get', port: 'app', path: '/api/transactions', cookie: lister.cookie },
    { name: 'list many', kind: 'get', port: 'app', path: '/api/transactions', cookies: info.visitors as string[] },
    { name: 'raw list', kind: 'get', port: 'raw', path: '/raw/transactions' },
    { name: 'auth/user', kind: 'get', port: 'app', path: '/api/auth/user', cookie: buyer.cookie },
    { name: 'auth/user many', kind: 'get', port: 'app', path: '/api/auth/user', cookies: info.visitors as string[] },
    { name: 'raw auth/user', kind: 'get', port: 'raw', path: '/raw/auth/user' },
    { name: 'health+cookie', kind: 'get', port: 'app', path: '/api/health', cookie: buyer.cookie },
    { name: 'health', kind: 'get', port: 'app', path: '/api/health' },
  ];
  const only = process.env.BENCH_ONLY?.split(',');
  const chosen = only ? targets.filter((t) => only.includes(t.name)) : targets;
  const portOf = (t: Target) => (t.port === 'app' ? info.port : t.port === 'raw' ? (info.rawPort as number) : 0);

  async function measure(t: Target, seconds: number): Promise<Run> {
    const s0 = await stats();
    const c0 = cpuMs(appPid)!;
    await backends.start();
    const r =
      t.kind !== 'get'
        ? t.kind === 'raw releases pairs'
          ? await releaseClient(info.rawPort as number, info, seconds, true, '/raw')
          : await releaseClient(info.port, info, seconds, t.kind === 'releases pairs')
        : await autocannon(`http://127.0.0.1:${portOf(t)}${t.path}`, seconds, t.cookie, t.cookies);
    // Let the server finish what was in flight when the client stopped: until no statement is sent for 200 ms.
    for (let last = -1, now = await statementsNow(); now !== last; last = now, now = await statementsNow()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const dbCpuMs = await backends.stop();
    const nodeCpuMs = cpuMs(appPid)! - c0;
    const s1 = await stats();
    const statements = s1.statements - s0.statements;
    return { ops: r.ops, rps: r.rps, nodeCpuMs, dbCpuMs, statements, transactions: s1.transactions - s0.transactions };
  }
  const bareRun = async (seconds: number) => (await autocannon(`http://127.0.0.1:${bare.info.port}/bare`, seconds)).rps;

  // Warm-up, unmeasured: every target once, briefly (JIT, pools, plan caches).
  await bareRun(1);
  for (const t of chosen) await measure(t, 1);

  const runs = new Map<string, { bare: number; run: Run }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of chosen) {
      const bareRps = await bareRun(SECONDS);
      const run = await measure(t, SECONDS);
      runs.set(t.name, [...(runs.get(t.name) ?? []), { bare: bareRps, run }]);
      process.stdout.write(
        `  ${engine} round ${round + 1} ${t.name}: ${Math.round(run.rps)}/s (bare ${Math.round(bareRps)}/s)\n`,
      );
    }
  }
  const ledger = (await (await fetch(`http://127.0.0.1:${info.rawPort}/ledger`)).json()) as { ok: boolean };
  const rssEnd = rssMb(appPid);
  await stop(app.child);
  await stop(bare.child);
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }

  const summary = Object.fromEntries(
    [...runs].map(([name, rs]) => [
      name,
      {
        rps: median(rs.map((r) => r.run.rps)),
        bareRps: median(rs.map((r) => r.bare)),
        ofBare: median(rs.map((r) => r.run.rps / r.bare)),
        nodeCpuMsPerOp: median(rs.map((r) => r.run.nodeCpuMs / r.run.ops)),
        dbCpuMsPerOp: median(rs.map((r) => r.run.dbCpuMs / r.run.ops)),
        sqlPerOp: median(rs.map((r) => r.run.statements / r.run.ops)),
        txPerOp: median(rs.map((r) => r.run.transactions / r.run.ops)),
      },
    ]),
  );
  return { engine, summary, runs: Object.fromEntries(runs), ledgerOk: ledger.ok, rssAfterSeed, rssEnd, info };
}

type Summary = Awaited<ReturnType<typeof benchEngine>>;

function report(r: Summary) {
  const s = r.summary;
  const pct = (x?: number) => (x === undefined ? '-' : `${(x * 100).toFixed(2)}%`);
  const ms = (x?: number) => (x === undefined ? '-' : x.toFixed(3));
  const rows: Record<string, Record<string, string | number>>[] = [];
  const row = (what: string, now: string, target: string, baseline: string) =>
    rows.push({ [what]: { now, target, 'baseline (same run)': baseline } });
  const of = (name: string) => s[name];
  const ratio = (a?: { rps: number }, b?: { rps: number }) => (a && b ? pct(a.rps / b.rps) : '-');
  row('list (50 rows) vs bare', pct(of('list')?.ofBare), '≥ 6%', `bare ${Math.round(of('list')?.bareRps ?? 0)}/s`);
  row(
    'list, a person per request, vs bare',
    pct(of('list many')?.ofBare),
    '≥ 6%',
    `${(of('list many')?.sqlPerOp ?? 0).toFixed(2)} statements a request`,
  );
  row(
    'list vs its raw SQL',
    ratio(of('list'), of('raw list')),
    '≥ 70%',
    `raw list ${pct(of('raw list')?.ofBare)} of bare`,
  );
  row('auth/user vs bare', pct(of('auth/user')?.ofBare), '≥ 12%', `raw ${pct(of('raw auth/user')?.ofBare)} of bare`);
  row(
    'auth/user, a session per request, vs bare',
    pct(of('auth/user many')?.ofBare),
    '≥ 12%',
    `${(of('auth/user many')?.sqlPerOp ?? 0).toFixed(2)} statements a request`,
  );
  row('auth/user vs its raw SQL', ratio(of('auth/user'), of('raw auth/user')), '-', '');
  row('health+cookie vs bare', pct(of('health+cookie')?.ofBare), '-', `health, no cookie ${pct(of('health')?.ofBare)}`);
  row('releases vs bare', pct(of('releases')?.ofBare), '-', `${(of('releases')?.rps ?? 0).toFixed(1)} releases/s`);
  const rel = of('releases');
  if (rel) {
    row(
      'CPU per release, ms (node + db)',
      `${ms(rel.nodeCpuMsPerOp + rel.dbCpuMsPerOp)} (${ms(rel.nodeCpuMsPerOp)} + ${ms(rel.dbCpuMsPerOp)})`,
      '≤ 4',
      r.engine === 'pglite' ? 'db inside node' : 'PostgreSQL backends',
    );
    row('SQL statements per release', rel.sqlPerOp.toFixed(1), '≤ 12', `+ ${rel.txPerOp.toFixed(1)} transactions`);
  }
  const pairs = of('releases pairs');
  if (pairs) {
    row(
      'CPU per release, a pair per loop, ms',
      `${ms(pairs.nodeCpuMsPerOp + pairs.dbCpuMsPerOp)} (${ms(pairs.nodeCpuMsPerOp)} + ${ms(pairs.dbCpuMsPerOp)})`,
      '≤ 4',
      `${pairs.rps.toFixed(1)} releases/s, ${pairs.sqlPerOp.toFixed(1)} statements`,
    );
  }
  const rawPairs = of('raw releases pairs');
  if (pairs && rawPairs) {
    const cpu = (x: typeof pairs) => x.nodeCpuMsPerOp + x.dbCpuMsPerOp;
    row(
      'CPU per release, a pair per loop, vs its raw SQL',
      pct(cpu(pairs) / cpu(rawPairs)),
      '-',
      `raw ${ms(cpu(rawPairs))} (${ms(rawPairs.nodeCpuMsPerOp)} + ${ms(rawPairs.dbCpuMsPerOp)}), ${rawPairs.sqlPerOp.toFixed(1)} statements`,
    );
  }
  row('server RSS after seeding / at end, MB', `${r.rssAfterSeed} / ${r.rssEnd}`, '-', '');
  row('ledger after the run', r.ledgerOk ? 'ok' : 'BROKEN', 'ok', '');
  console.log(`\n${r.engine}: now / target / baseline (medians of ${ROUNDS} rounds, ${SECONDS} s each)`);
  console.table(Object.assign({}, ...rows));
  console.log(`${r.engine}: per route (medians)`);
  console.table(
    Object.fromEntries(
      Object.entries(s).map(([name, v]) => [
        name,
        {
          'req/s': Math.round(v.rps),
          'bare req/s': Math.round(v.bareRps),
          'of bare': pct(v.ofBare),
          'node CPU ms/op': ms(v.nodeCpuMsPerOp),
          'db CPU ms/op': r.engine === 'pglite' ? '(in node)' : ms(v.dbCpuMsPerOp),
          'SQL/op': v.sqlPerOp.toFixed(2),
          'transactions/op': v.txPerOp.toFixed(2),
        },
      ]),
    ),
  );
  if (r.info.listedRows !== 50) console.log(`note: the list returned ${String(r.info.listedRows)} rows`);
}

async function main() {
  console.log(
    `Holdfast benchmark: autocannon -c ${CONNECTIONS}, ${ROUNDS} rounds × ${SECONDS} s per run, each after a bare run; ` +
      `Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const results: Summary[] = [];
  if (engines.includes('pglite')) results.push(await benchEngine('pglite'));
  if (engines.includes('postgres')) {
    if (pgUrl) results.push(await benchEngine('postgres', pgUrl));
    else console.log('PostgreSQL not configured (BENCH_DATABASE_URL / TEST_DATABASE_URL): PGlite only.');
  }
  for (const r of results) report(r);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
