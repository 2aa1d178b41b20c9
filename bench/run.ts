/**
 * `npm run bench` (never a timed test): the release path and the transaction list, measured from outside
 * the server, for this checkout ("ours") and a baseline commit ("baseline") in the same run, on the same
 * machine, by the same harness. See docs/performance.md.
 *
 *   npm run bench                                   # PGlite, and PostgreSQL when a URL is set
 *   TEST_DATABASE_URL=postgres://… npm run bench    # (BENCH_DATABASE_URL wins) a fresh database per side
 *   BENCH_ENGINES=postgres npm run bench            # one engine only (pglite,postgres)
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 npm run bench    # the defaults
 *   BENCH_BASELINE_REF=3247b1c npm run bench        # the default baseline; empty: ours only
 *   BENCH_ONLY=releases npm run bench               # some rows only: releases, list, raw list
 *   BENCH_JSON=out.json npm run bench               # every run as JSON too
 *   BENCH_CPU_PROF=dir npm run bench                # our app server runs under node --cpu-prof
 *
 * Processes: an app server per side (bench/external/app-server.ts; the baseline's runs in its own tree,
 * bench/baseline-tree.ts), and the load generators: bench/external/release-client.ts for releases
 * (autocannon cannot chain dependent requests), autocannon -c BENCH_CONNECTIONS for the GET rows.
 * A round runs every row on one side, then on the other; which side goes first alternates, so a slow
 * stretch of the machine does not always hit the same one. Every figure is a median over the rounds.
 * CPU per operation: utime+stime deltas of the app process from /proc/<pid>/stat, and on PostgreSQL of
 * every backend serving that side's database (pids from pg_stat_activity, sampled during the run).
 * SQL per operation: statements the app sent (a counting hook on the driver, bench process only), with
 * BEGIN/COMMIT/ROLLBACK counted apart as database transactions.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareBaselineTree, root } from './baseline-tree.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? '3247b1c';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
const TICK_MS = 10; // USER_HZ is 100 on Linux
/** Issue 25's targets. */
const TARGET = { statements: 12, cpuOfBaseline: 1.5, listOfRaw: 0.7 };

/** Databases made for this run and not dropped yet: dropped if the run fails. */
const benchDatabases = new Set<string>();

/** Servers still running: stopped when this process ends, however it ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

interface AppInfo {
  pid: number;
  port: number;
  rawPort: number;
  pairs: unknown[];
  lister: { cookie: string };
  listedRows: number;
  listStatements: number;
}

/** Starts the app server of the tree `cwd` under node (+tsx) and waits for its `READY {json}` line. */
function startAppServer(cwd: string, env: Record<string, string>, nodeArgs: string[]) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(cwd, 'bench/external/app-server.ts')], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise<{ child: ChildProcess; info: AppInfo }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the app server in ${cwd} exited with ${code} before it was ready`)));
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

const ROWS = ['releases', 'list', 'raw list'] as const;
type Row = (typeof ROWS)[number];

/** Parses a load generator's JSON line when it exits. */
function collect<T>(child: ChildProcess, what: string): Promise<T> {
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as T);
      } catch (error) {
        reject(new Error(`${what}: ${String(error)}: ${out.slice(0, 300)}`));
      }
    }),
  );
}

async function autocannon(url: string, seconds: number, cookie: string): Promise<{ ops: number; rps: number }> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-H', `cookie=${cookie}`, url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const r = await collect<{ requests: { sent: number }; '2xx': number; non2xx: number; errors: number }>(child, url);
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // Throughput counts answers within the window; work per operation divides by every request sent,
  // since the server also finishes the (up to -c) requests still in flight when the window closes.
  return { ops: r.requests.sent, rps: r['2xx'] / seconds };
}

async function releaseClient(info: AppInfo, seconds: number): Promise<{ ops: number; rps: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', here('./external/release-client.ts'), String(info.port)], {
    env: { ...process.env, BENCH_RUN_SECONDS: String(seconds), BENCH_RELEASE_PAIRS: JSON.stringify(info.pairs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const r = await collect<{ releases: number; seconds: number; errors: number }>(child, 'release client');
  if (r.errors) throw new Error(`${r.errors} releases failed`);
  return { ops: r.releases, rps: r.releases / r.seconds };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Side {
  name: 'ours' | 'baseline';
  /** The tree the app server runs from. */
  dir: string;
  label: string;
}

/** One side's app server on one engine, ready to measure. */
async function openSide(side: Side, admin: pg.Client | null, pgUrl?: string) {
  const env: Record<string, string> = {};
  let dbName = '';
  if (admin) {
    dbName = `holdfast_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    benchDatabases.add(dbName);
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    env.BENCH_PG_URL = url.toString();
  }
  const profDir = side.name === 'ours' ? process.env.BENCH_CPU_PROF : undefined;
  const { child, info } = await startAppServer(
    side.dir,
    env,
    profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  );
  const backends = new BackendCpu(admin, dbName);
  const stats = async () =>
    (await (await fetch(`http://127.0.0.1:${info.rawPort}/stats`)).json()) as {
      statements: number;
      transactions: number;
    };
  const cookie = info.lister.cookie;

  async function measure(row: Row, seconds: number): Promise<Run> {
    const s0 = await stats();
    const c0 = cpuMs(info.pid)!;
    await backends.start();
    const r =
      row === 'releases'
        ? await releaseClient(info, seconds)
        : row === 'list'
          ? await autocannon(`http://127.0.0.1:${info.port}/api/transactions`, seconds, cookie)
          : await autocannon(`http://127.0.0.1:${info.rawPort}/raw/transactions`, seconds, cookie);
    // Let the server finish what was in flight when the client stopped: until no statement is sent for 200 ms.
    for (let last = -1, now = (await stats()).statements; now !== last; last = now, now = (await stats()).statements) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const dbCpuMs = await backends.stop();
    const nodeCpuMs = cpuMs(info.pid)! - c0;
    const s1 = await stats();
    return {
      ops: r.ops,
      rps: r.rps,
      nodeCpuMs,
      dbCpuMs,
      statements: s1.statements - s0.statements,
      transactions: s1.transactions - s0.transactions,
    };
  }

  async function close() {
    const ledger = (await (await fetch(`http://127.0.0.1:${info.rawPort}/ledger`)).json()) as { ok: boolean };
    await stop(child);
    if (admin) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    benchDatabases.delete(dbName);
    return { ledgerOk: ledger.ok };
  }
  return { side, info, measure, close };
}

interface RowSummary {
  rps: number;
  nodeCpuMsPerOp: number;
  dbCpuMsPerOp: number;
  cpuMsPerOp: number;
  sqlPerOp: number;
  txPerOp: number;
}

const summarize = (runs: Run[]): RowSummary => ({
  rps: median(runs.map((r) => r.rps)),
  nodeCpuMsPerOp: median(runs.map((r) => r.nodeCpuMs / r.ops)),
  dbCpuMsPerOp: median(runs.map((r) => r.dbCpuMs / r.ops)),
  cpuMsPerOp: median(runs.map((r) => (r.nodeCpuMs + r.dbCpuMs) / r.ops)),
  sqlPerOp: median(runs.map((r) => r.statements / r.ops)),
  txPerOp: median(runs.map((r) => r.transactions / r.ops)),
});

async function benchEngine(engine: 'pglite' | 'postgres', sides: Side[], pgUrl?: string) {
  let admin: pg.Client | null = null;
  let postgresVersion: string | undefined;
  if (engine === 'postgres') {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    postgresVersion = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  }
  const only = process.env.BENCH_ONLY?.split(',');
  const rows = ROWS.filter((row) => !only || only.includes(row));
  const opened = [];
  for (const side of sides) opened.push(await openSide(side, admin, pgUrl));

  // Warm-up, unmeasured: every row once, briefly (JIT, pools, plan caches).
  for (const s of opened) for (const row of rows) await s.measure(row, 1);

  const runs = new Map<string, Run[]>(); // `${side} ${row}`
  /** CPU per release, ours ÷ baseline, of each round. */
  const cpuRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...opened].reverse() : opened;
    const cpuOfRound = new Map<string, number>();
    for (const s of order) {
      for (const row of rows) {
        const run = await s.measure(row, SECONDS);
        const key = `${s.side.name} ${row}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
        if (row === 'releases') cpuOfRound.set(s.side.name, (run.nodeCpuMs + run.dbCpuMs) / run.ops);
        console.log(`  ${engine} round ${round + 1} ${s.side.name} ${row}: ${Math.round(run.rps)}/s`);
      }
    }
    if (cpuOfRound.has('ours') && cpuOfRound.has('baseline')) {
      cpuRatios.push(cpuOfRound.get('ours')! / cpuOfRound.get('baseline')!);
    }
  }
  const results = [];
  for (const s of opened) {
    const { ledgerOk } = await s.close();
    const summary = Object.fromEntries(
      rows.map((row) => [row, summarize(runs.get(`${s.side.name} ${row}`)!)]),
    ) as Partial<Record<Row, RowSummary>>;
    results.push({
      side: s.side,
      summary,
      ledgerOk,
      listedRows: s.info.listedRows,
      listStatements: s.info.listStatements,
    });
  }
  await admin?.end();
  return { engine, postgresVersion, results, cpuRatios, runs: Object.fromEntries(runs) };
}

type EngineResult = Awaited<ReturnType<typeof benchEngine>>;

function report(r: EngineResult) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const ms = (x: number) => x.toFixed(2);
  const met = (ok: boolean) => (ok ? 'yes' : 'NO');
  const bySide = (name: Side['name']) => r.results.find((x) => x.side.name === name);
  const ours = bySide('ours')!;
  const baseline = bySide('baseline');
  const sides = [ours, ...(baseline ? [baseline] : [])];
  const column = (s: (typeof sides)[number]) => `${s.side.name} (${s.side.label})`;
  const table: Record<string, Record<string, string>> = {};
  const row = (what: string, values: (s: (typeof sides)[number]) => string, target: string, ok: string) => {
    table[what] = Object.fromEntries([...sides.map((s) => [column(s), values(s)]), ['target', target], ['met', ok]]);
  };
  const rel = (s: (typeof sides)[number]) => s.summary.releases;
  if (rel(ours)) {
    row(
      'SQL statements per release',
      (s) => `${rel(s)!.sqlPerOp.toFixed(1)} (+ ${rel(s)!.txPerOp.toFixed(1)} BEGIN…COMMIT)`,
      `≤ ${TARGET.statements}`,
      met(rel(ours)!.sqlPerOp <= TARGET.statements),
    );
    row(
      'CPU per release, ms (node + db)',
      (s) =>
        r.engine === 'pglite'
          ? `${ms(rel(s)!.cpuMsPerOp)} (database inside node)`
          : `${ms(rel(s)!.cpuMsPerOp)} (${ms(rel(s)!.nodeCpuMsPerOp)} + ${ms(rel(s)!.dbCpuMsPerOp)})`,
      '-',
      '',
    );
    if (r.cpuRatios.length) {
      const ratio = median(r.cpuRatios);
      row(
        'CPU per release, ours ÷ baseline',
        (s) => (s === ours ? `${ratio.toFixed(2)}× (rounds ${r.cpuRatios.map((x) => x.toFixed(2)).join(', ')})` : '1'),
        `≤ ${TARGET.cpuOfBaseline}×`,
        met(ratio <= TARGET.cpuOfBaseline),
      );
    }
    row('releases per second', (s) => rel(s)!.rps.toFixed(1), '-', '');
  }
  const list = (s: (typeof sides)[number]) => s.summary.list;
  const rawList = (s: (typeof sides)[number]) => s.summary['raw list'];
  if (list(ours) && rawList(ours)) {
    const share = (s: (typeof sides)[number]) => list(s)!.rps / rawList(s)!.rps;
    row(
      'list: req/s ÷ its raw SQL req/s',
      (s) => `${pct(share(s))} (${Math.round(list(s)!.rps)} ÷ ${Math.round(rawList(s)!.rps)})`,
      `≥ ${pct(TARGET.listOfRaw)}`,
      met(share(ours) >= TARGET.listOfRaw),
    );
  }
  row('ledger after the run', (s) => (s.ledgerOk ? 'ok' : 'BROKEN'), 'ok', met(sides.every((s) => s.ledgerOk)));
  const engineName = r.postgresVersion ? `PostgreSQL ${r.postgresVersion}` : 'PGlite (in memory, inside node)';
  console.log(`\n${engineName}: medians of ${ROUNDS} rounds × ${SECONDS} s`);
  console.table(table);
  console.log(`${engineName}: per row (medians)`);
  const detail: Record<string, Record<string, string | number>> = {};
  for (const s of sides) {
    for (const [name, v] of Object.entries(s.summary)) {
      detail[`${s.side.name} ${name}`] = {
        'ops/s': Math.round(v.rps),
        'node CPU ms/op': ms(v.nodeCpuMsPerOp),
        'db CPU ms/op': r.engine === 'pglite' ? '(in node)' : ms(v.dbCpuMsPerOp),
        'SQL/op': v.sqlPerOp.toFixed(2),
        'BEGIN…COMMIT/op': v.txPerOp.toFixed(2),
      };
    }
    if (s.listedRows !== Number(process.env.BENCH_LIST_SIZE ?? 50)) {
      console.log(`note: ${s.side.name}'s list returned ${s.listedRows} rows`);
    }
  }
  console.table(detail);
}

/** This checkout's commit, and whether files differ from it. */
function checkoutLabel(): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  return `${git('rev-parse', '--short=7', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + changes' : ''}`;
}

async function main() {
  const sides: Side[] = [{ name: 'ours', dir: root, label: checkoutLabel() }];
  if (BASELINE_REF) {
    const { dir, commit } = prepareBaselineTree(BASELINE_REF);
    sides.push({ name: 'baseline', dir, label: commit.slice(0, 7) });
  }
  const started = new Date();
  console.log(
    `Holdfast benchmark, ${started.toISOString()}: ${sides.map((s) => `${s.name} = ${s.label}`).join(', ')}; ` +
      `${ROUNDS} rounds × ${SECONDS} s per row and side, autocannon -c ${CONNECTIONS}; ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}\n`,
  );
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const results: EngineResult[] = [];
  if (engines.includes('pglite')) results.push(await benchEngine('pglite', sides));
  if (engines.includes('postgres')) {
    if (pgUrl) results.push(await benchEngine('postgres', sides, pgUrl));
    else console.log('PostgreSQL not configured (BENCH_DATABASE_URL / TEST_DATABASE_URL): PGlite only.');
  }
  for (const r of results) report(r);
  console.log(`\nload average at the end ${loadavg()[0]!.toFixed(2)}`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ started, results }, null, 2));
  if (results.some((r) => r.results.some((s) => !s.ledgerOk))) process.exitCode = 1;
}

main().catch(async (error) => {
  console.error(error);
  for (const child of children) await stop(child);
  if (benchDatabases.size) {
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of benchDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  process.exit(1);
});
