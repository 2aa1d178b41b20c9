// `npm run test:ops`: the production topology of docs/operations.md under faults, on this machine. Three
// instances of the production install start at once on a new PostgreSQL database, with a Redis of the
// test's own, behind HAProxy; pairs of people go through the money journey while the instances restart one
// by one, one is killed with SIGKILL, and Redis restarts. Then every acknowledged operation must exist
// exactly once, the ledger must balance, and the figures are printed.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyPostgresDatabase } from '../apps/server/src/test/postgres-template.js';
import { freePort, until } from './support/processes.js';
import { run } from './support/production-folder.js';
import { Instance, LoadBalancer, RedisServer } from './support/topology.js';
import { LiveSocket, Workload } from './support/workload.js';

const PAIRS = 4;
const INSTANCES = 3;

function missingPart(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (the topology runs on PostgreSQL)';
  for (const command of ['haproxy', 'redis-server'])
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    } catch {
      return `${command} is not installed (Debian: apt-get install -y ${command})`;
    }
  return undefined;
}
const missing = missingPart();
if (missing) console.warn(`[topology] skipped: ${missing}`);

describe.skipIf(missing)('three production instances behind HAProxy, with PostgreSQL and Redis', () => {
  const folder = inject('productionFolder');
  const logDir = mkdtempSync(path.join(tmpdir(), 'holdfast-ops-logs-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => console.error('cleanup:', e));
  });

  it('loses and doubles nothing through rolling restarts, a kill -9 and a Redis restart', async () => {
    const phaseTimes: [string, number][] = [];
    const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await work();
      phaseTimes.push([name, Date.now() - started]);
      return result;
    };

    const database = await emptyPostgresDatabase('holdfast_ops');
    cleanups.push(() => database.drop());
    const redis = new RedisServer(await freePort(), logDir);
    await redis.start();
    cleanups.push(() => redis.stop());

    const lbPort = await freePort();
    const publicUrl = `http://127.0.0.1:${lbPort}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'loopback',
      PAYMENTS_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      TRANSACTION_LIMIT_PER_HOUR: '100000',
      LOG_LEVEL: 'warn',
      // HAProxy checks readiness every 250 ms and takes a server out after three failures: two seconds of
      // drain cover it.
      SHUTDOWN_DRAIN_SECONDS: '2',
      SHUTDOWN_TIMEOUT_SECONDS: '15',
    };
    // As the Dockerfile starts it: node itself, so signals (and kill -9) reach the server.
    const start = { cwd: folder, command: process.execPath, args: ['apps/server/dist/main.js'] };
    const instances = await Promise.all(
      Array.from(
        { length: INSTANCES },
        async (_, i) => new Instance(`app${i + 1}`, await freePort(), { ...start, env, logDir }),
      ),
    );
    cleanups.push(() => Promise.all(instances.map((i) => i.stop('SIGKILL'))));
    // Started together on the empty database: the migration lock lets exactly one of them migrate.
    await phase('three instances start at once', () => Promise.all(instances.map((i) => i.start())));
    const db = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => db.end());
    const migrated = await db.query<{ n: string; distinct: string }>(
      'SELECT count(*) AS n, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
    );
    const migrations = Number(migrated.rows[0]!.n);
    const journal = JSON.parse(
      readFileSync(path.join(folder, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8'),
    );
    expect([migrations, Number(migrated.rows[0]!.distinct)]).toEqual([journal.entries.length, journal.entries.length]);

    const lb = new LoadBalancer(lbPort, await freePort(), instances, logDir);
    await lb.start();
    cleanups.push(() => lb.stop());
    for (const i of instances) await lb.waitFor(i, 'UP');

    const workload = new Workload(publicUrl);
    // The outbox is the mail here: an address counts as verified as the link in it would make it.
    const verify = async (email: string) => {
      await db.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
    };
    const pairs = await phase('people sign up', () =>
      Promise.all(
        Array.from({ length: PAIRS }, async () => {
          const buyer = await workload.person('buyer', verify);
          const seller = await workload.person('seller', verify);
          const intent = await workload.request(
            buyer,
            'POST',
            '/api/wallet/deposit',
            { amount: '50000.00', currency: 'USD' },
            { key: true },
          );
          await workload.request(
            buyer,
            'POST',
            '/api/payments/sandbox/confirm',
            { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
            { key: true },
          );
          return { buyer, seller };
        }),
      ),
    );
    const sockets = pairs.map(({ seller }) => new LiveSocket(publicUrl, seller));
    await Promise.all(sockets.map((s) => s.open()));
    cleanups.push(async () => sockets.forEach((s) => s.close()));

    const loops = pairs.map(({ buyer, seller }, n) => workload.loop(buyer, seller, n));
    const loopsDone = Promise.all(loops);
    // A journey that fails ends the run at once, with its error, whatever phase is waiting.
    const loopFailed = new Promise<never>((_, reject) => loopsDone.catch(reject));

    const progressed = async (count: number) => {
      const target = workload.acknowledged.confirmed.size + count;
      await Promise.race([
        loopFailed,
        until(`${count} more releases`, async () => workload.acknowledged.confirmed.size >= target, 60_000),
      ]);
    };

    await phase('warm-up', () => progressed(PAIRS));
    await phase('rolling restart', async () => {
      for (const instance of instances) {
        const exit = await instance.stop('SIGTERM');
        if (exit !== 0) throw new Error(`${instance.name} exited with ${exit} on SIGTERM`);
        await instance.start();
        await lb.waitFor(instance, 'UP');
        await progressed(2);
      }
    });
    await phase('kill -9 one instance', async () => {
      const victim = instances[1]!;
      workload.killWindow = true;
      await victim.stop('SIGKILL');
      await lb.waitFor(victim, 'DOWN');
      workload.killWindow = false;
      await progressed(2);
      await victim.start();
      await lb.waitFor(victim, 'UP');
      await progressed(2);
    });
    const live = await phase('restart Redis', async () => {
      await redis.stop();
      await redis.start();
      for (const i of instances) await lb.waitFor(i, 'UP');
      await progressed(PAIRS);
      await until('every live socket to be open', async () => sockets.every((s) => s.isOpen));
      // Messages sent now must reach the sellers' open sockets through the restarted Redis.
      let arrived = 0;
      const sent = pairs.length * 3;
      await Promise.all(
        pairs.map(async ({ buyer, seller }, n) => {
          for (let k = 0; k < 3; k++) {
            const id = await workload.message(buyer, seller, latestOf(workload, n), `after redis ${n}-${k}`);
            await Promise.race([
              sockets[n]!.received(id).then(() => arrived++),
              new Promise((r) => setTimeout(r, 5000)), // a push that has not come in 5 s did not arrive live
            ]);
          }
        }),
      );
      return { sent, arrived };
    });

    workload.stop();
    await phase('workload ends', () => loopsDone);

    const problems = await phase('check what was acknowledged', () => checkAcknowledged(db, workload));
    const ledger = await phase('ledger check', () =>
      run('npm', ['run', 'ledger:check'], folder, { ...env, DATABASE_URL: database.url }),
    );

    const c = workload.counters;
    console.log(`
--- figures
requests sent                     ${c.sent}
requests answered                 ${c.answered}
requests failed (after retries)   ${c.failed}
attempts retried                  ${c.retried.length} (${c.retried.length - c.failuresOutsideKills.length} while an instance was killed)
failed outside a kill -9          ${c.failuresOutsideKills.length}
releases acknowledged             ${workload.acknowledged.confirmed.size}
money operations lost or doubled  ${problems.length}
messages live after Redis restart ${live.arrived} of ${live.sent}
instance starts                   ${instances.map((i) => `${i.name} ${i.starts}`).join(', ')}
migrations applied, each once     ${migrations}
ledger check                      ${ledger.code === 0 ? 'ok' : 'FAILED'}
--- time per phase
${phaseTimes.map(([n, ms]) => `${n.padEnd(32)} ${(ms / 1000).toFixed(1)} s`).join('\n')}
`);
    const failures = [
      ...(c.failed ? [`${c.failed} requests failed`] : []),
      ...c.failuresOutsideKills.map((f) => `failed outside a kill: ${f}`),
      ...problems,
      ...(live.arrived < live.sent
        ? [`${live.sent - live.arrived} messages did not arrive live after Redis restarted`]
        : []),
      ...(ledger.code === 0 ? [] : [`ledger check failed:\n${ledger.output}`]),
    ];
    expect(failures, `logs: ${logDir}`).toEqual([]);
    rmSync(logDir, { recursive: true, force: true });
  });
});

/** The pair's latest transaction: its conversation is where their messages go. */
function latestOf(workload: Workload, pair: number): string {
  const ids = [...workload.acknowledged.created.entries()].filter(([d]) => d.startsWith(`ops ${pair}-`));
  return ids.at(-1)![1];
}

/** Every acknowledged creation, funding, release and message exists exactly once. */
async function checkAcknowledged(db: pg.Pool, workload: Workload): Promise<string[]> {
  const problems: string[] = [];
  const { created, funded, confirmed, messages } = workload.acknowledged;
  const txs = await db.query<{ description: string; n: string }>(
    `SELECT description, count(*) AS n FROM transactions WHERE description LIKE 'ops %' GROUP BY description`,
  );
  const txCount = new Map(txs.rows.map((r) => [r.description, Number(r.n)]));
  for (const description of created.keys())
    if (txCount.get(description) !== 1)
      problems.push(`transaction "${description}" exists ${txCount.get(description) ?? 0} times`);
  for (const [description, n] of txCount)
    if (n > 1 && !created.has(description)) problems.push(`"${description}" doubled`);
  const entries = await db.query<{ transaction_id: string; kind: string; n: string }>(
    `SELECT transaction_id, kind, count(*) AS n FROM journal_entries WHERE transaction_id IS NOT NULL GROUP BY 1, 2`,
  );
  const entryCount = new Map(entries.rows.map((r) => [`${r.transaction_id} ${r.kind}`, Number(r.n)]));
  for (const id of funded)
    if (entryCount.get(`${id} wallet_funding`) !== 1)
      problems.push(`funding of ${id} recorded ${entryCount.get(`${id} wallet_funding`) ?? 0} times`);
  for (const id of confirmed)
    if (entryCount.get(`${id} release`) !== 1)
      problems.push(`release of ${id} recorded ${entryCount.get(`${id} release`) ?? 0} times`);
  for (const [key, n] of entryCount) if (n > 1) problems.push(`entry ${key} recorded ${n} times`);
  const sent = await db.query<{ content: string; n: string }>(
    `SELECT content, count(*) AS n FROM direct_messages GROUP BY content`,
  );
  const messageCount = new Map(sent.rows.map((r) => [r.content, Number(r.n)]));
  for (const content of messages)
    if (messageCount.get(content) !== 1)
      problems.push(`message "${content}" stored ${messageCount.get(content) ?? 0} times`);
  return problems;
}
