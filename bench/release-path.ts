/**
 * The release path (issue 12 item 3): what one escrow release costs — create → fund-from-wallet →
 * accept (seller) → confirm, 4 requests through `app.inject` — in SQL statements (by request, with the
 * session lookup and BEGIN/COMMIT apart), database transactions, and CPU: node's (process.cpuUsage) and,
 * on PostgreSQL, the server backend's (utime + stime of /proc/<pg_backend_pid()>/stat; the app gets a
 * pool of one connection, so one backend serves every statement). On PGlite the database runs inside
 * node, so node's CPU is all of it. CPU is reported per release as the median of ROUNDS rounds of
 * RELEASES releases each, after a warm-up round; the ledger is checked at the end.
 *
 *   npx tsx bench/release-path.ts                      # PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/release-path.ts   # PostgreSQL
 *   RELEASE_ROUNDS=7 RELEASE_BATCH=100 RELEASE_SQL=1 ...   # rounds, releases per round, print the statements
 *   RELEASE_PLANS=1 ...                                    # PostgreSQL: generic and custom plans per statement
 *   RELEASE_KEEP=1 ...                                     # keep the PostgreSQL database to inspect (drop it after)
 *   RELEASE_SETUP_SQL='drop trigger …' ...                 # SQL run after the migrations: what does a part cost?
 *   RELEASE_JOBS=1 ...                                     # then run the jobs the releases queued, and their CPU
 *
 * Counting taps the driver in this process only (never the app's code; test/driver-tap.ts):
 * pg.Client.prototype.query, or the PGlite instance's query/exec/transaction.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../apps/server/src/db/client.js';
import { checkLedger } from '../apps/server/src/ledger/index.js';
import { tapPg, tappedPglite } from '../apps/server/src/test/driver-tap.js';

const ROUNDS = Number(process.env.RELEASE_ROUNDS ?? 5);
const BATCH = Number(process.env.RELEASE_BATCH ?? 60);
const PRINT_SQL = Boolean(process.env.RELEASE_SQL);
const PASSWORD = 'Bench-pass-123';
const URL_ = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const seen: string[] = [];
let recording = false;
function note(text: unknown) {
  if (!recording) return;
  const t = typeof text === 'string' ? text : ((text as { text?: string })?.text ?? String(text));
  seen.push(t.replace(/\s+/g, ' ').trim());
}

type Kind = 'session' | 'begin/commit' | 'work';
function kindOf(text: string): Kind {
  if (/^(begin|commit|rollback)\b/i.test(text)) return 'begin/commit';
  if (/"sessions"/.test(text)) return 'session';
  return 'work';
}

async function openDatabase(): Promise<{ database: Database; backendCpu: () => number; dispose: () => Promise<void> }> {
  if (!URL_) {
    const database = databaseFromPglite(tappedPglite(note));
    await database.migrate();
    return { database, backendCpu: () => 0, dispose: () => database.close() };
  }
  tapPg(note);
  const name = `holdfast_release_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(URL_);
  url.pathname = `/${name}`;
  const database = await databaseFromPostgres(url.toString(), undefined, 1);
  await database.migrate();
  if (process.env.RELEASE_SETUP_SQL) await database.db.execute(sql.raw(process.env.RELEASE_SETUP_SQL));
  const [{ pid }] = (
    (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
  ).rows;
  const ticks = 100; // USER_HZ on Linux
  return {
    database,
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat (after the parenthesised command name).
    backendCpu: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
    },
    dispose: async () => {
      await database.close();
      if (process.env.RELEASE_KEEP) console.log(`kept database ${name}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const { database, backendCpu, dispose } = await openDatabase();
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();

  const register = async (role: 'buyer' | 'seller') => {
    const email = `${role}.${randomBytes(4).toString('hex')}@release.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'R', lastName: role, email, password: PASSWORD, confirmPassword: PASSWORD, role },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
    return { email, cookie };
  };
  const call = async (cookie: string, method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, payload });
    if (res.statusCode >= 400) throw new Error(`${method} ${url} -> ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; clientSecret: string };
  };
  const buyer = await register('buyer');
  const seller = await register('seller');
  const intent = await call(buyer.cookie, 'POST', '/api/wallet/deposit', { amount: '100000.00', currency: 'USD' });
  await call(buyer.cookie, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });

  const steps: [string, (id: string) => Promise<{ id: string }>][] = [
    [
      'POST /api/transactions',
      () =>
        call(buyer.cookie, 'POST', '/api/transactions', {
          amount: '10.00',
          currency: 'USD',
          sellerEmail: seller.email,
          description: 'Release path',
        }),
    ],
    ['POST fund-from-wallet', (id) => call(buyer.cookie, 'POST', `/api/transactions/${id}/fund-from-wallet`)],
    ['PATCH accept', (id) => call(seller.cookie, 'PATCH', `/api/transactions/${id}/accept`, {})],
    [
      'PATCH confirm',
      (id) =>
        call(buyer.cookie, 'PATCH', `/api/transactions/${id}/confirm`, {
          confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
        }),
    ],
  ];
  const release = async () => {
    let id = '';
    for (const [, step] of steps) id = (await step(id)).id;
  };

  // Warm-up (JIT, prepared plans), then one release with every statement recorded, by request.
  for (let i = 0; i < BATCH; i++) await release();
  const runJobs = async () => {
    let jobs = 0;
    for (let ran = await app.scheduler.runDue(); ran > 0; ran = await app.scheduler.runDue()) jobs += ran;
    return jobs;
  };
  // The warm-up's jobs too, unmeasured: the first email loads React Email (once per process).
  if (process.env.RELEASE_JOBS) await runJobs();
  const breakdown: Record<string, Record<Kind, number>> = {};
  let id = '';
  for (const [name, step] of steps) {
    seen.length = 0;
    recording = true;
    id = (await step(id)).id;
    recording = false;
    const counts: Record<Kind, number> = { session: 0, 'begin/commit': 0, work: 0 };
    for (const text of seen) counts[kindOf(text)] += 1;
    breakdown[name] = counts;
    if (PRINT_SQL) {
      console.log(`${name}:`);
      for (const text of seen)
        console.log(`  [${kindOf(text)}] ${text.slice(0, Number(process.env.RELEASE_SQL_WIDTH ?? 150))}`);
    }
  }
  if (process.env.RELEASE_JOBS) {
    // The recorded release's background work: its notify jobs and the emails they queue.
    seen.length = 0;
    recording = true;
    const ran = await runJobs();
    recording = false;
    console.log(
      `jobs of one release: ${ran} jobs, ${seen.length} statements (${seen.filter((t) => kindOf(t) === 'begin/commit').length} BEGIN/COMMIT)`,
    );
    if (PRINT_SQL)
      for (const text of seen) console.log(`  ${text.slice(0, Number(process.env.RELEASE_SQL_WIDTH ?? 150))}`);
  }
  const total = Object.values(breakdown).reduce(
    (a, c) => ({
      session: a.session + c.session,
      'begin/commit': a['begin/commit'] + c['begin/commit'],
      work: a.work + c.work,
    }),
    { session: 0, 'begin/commit': 0, work: 0 },
  );

  const nodeMs: number[] = [];
  const dbMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const cpu0 = process.cpuUsage();
    const db0 = backendCpu();
    for (let i = 0; i < BATCH; i++) await release();
    const cpu = process.cpuUsage(cpu0);
    nodeMs.push((cpu.user + cpu.system) / 1000 / BATCH);
    dbMs.push((backendCpu() - db0) / BATCH);
  }
  if (process.env.RELEASE_JOBS) {
    // What the requests left for the job poller (notifications, their emails), run now: the background
    // half of a release, which the request figures above do not include. Deadlines are days away.
    const releases = ROUNDS * BATCH + 1;
    const cpu0 = process.cpuUsage();
    const db0 = backendCpu();
    const jobs = await runJobs();
    const cpu = process.cpuUsage(cpu0);
    const node = (cpu.user + cpu.system) / 1000 / releases;
    const db = (backendCpu() - db0) / releases;
    console.log(
      `background jobs per release: ${(jobs / releases).toFixed(1)}, CPU node ${node.toFixed(2)} ms + ` +
        `PostgreSQL ${db.toFixed(2)} ms = ${(node + db).toFixed(2)} ms`,
    );
  }
  const ledger = await checkLedger(database.db);
  if (URL_ && process.env.RELEASE_PLANS) {
    // The one backend's prepared statements: how often each was planned for its values (custom) or not.
    const plans = await database.db.execute(
      sql`select name, generic_plans, custom_plans, left(regexp_replace(statement, '[[:space:]]+', ' ', 'g'), 70) as statement
          from pg_prepared_statements order by custom_plans desc`,
    );
    console.table((plans as unknown as { rows: object[] }).rows);
  }

  const engine = URL_ ? 'PostgreSQL (pool of 1, backend CPU from /proc)' : 'PGlite in memory (database inside node)';
  console.log(`release path on ${engine}; ${ROUNDS} rounds × ${BATCH} releases, medians per release`);
  console.table({
    ...Object.fromEntries(
      Object.entries(breakdown).map(([name, c]) => [
        name,
        { statements: c.work, 'session lookup': c.session, 'BEGIN/COMMIT': c['begin/commit'] },
      ]),
    ),
    'one release': { statements: total.work, 'session lookup': total.session, 'BEGIN/COMMIT': total['begin/commit'] },
  });
  const node = median(nodeMs);
  const dbCpu = median(dbMs);
  console.log(
    `database transactions per release: ${total['begin/commit'] / 2}\n` +
      `CPU per release: node ${node.toFixed(2)} ms` +
      (URL_ ? ` + PostgreSQL backend ${dbCpu.toFixed(2)} ms = ${(node + dbCpu).toFixed(2)} ms` : '') +
      `\n  rounds: node [${nodeMs.map((x) => x.toFixed(2)).join(', ')}]` +
      (URL_ ? `, backend [${dbMs.map((x) => x.toFixed(2)).join(', ')}]` : '') +
      `\nledger ${ledger.ok ? 'ok' : `PROBLEMS: ${ledger.problems.join('; ')}`}`,
  );
  await app.close();
  await dispose();
  if (!ledger.ok) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
