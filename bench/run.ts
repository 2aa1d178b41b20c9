/**
 * Benchmarks (never timed tests): escrow releases per second and the throughput of the hot GET routes,
 * each reported as a ratio to a bare Fastify route measured in the same run, right before that engine,
 * with the same client. Runs against the embedded PGlite, and against PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set. See docs/performance.md.
 *
 *   npm run bench                      # PGlite (+ PostgreSQL when configured)
 *   BENCH_SECONDS=10 npm run bench     # longer runs
 *   BENCH_JSON=out.json npm run bench  # the rows as JSON too
 *
 * Fairness: the client runs in this process, so its cost counts against every figure. It is kept small
 * (node:http with keep-alive sockets; `fetch` cost several times the bare route itself) and identical
 * for the baseline and the app. Every measurement is preceded by an unmeasured warm-up, and the list is
 * measured on a fixed number of transactions so its figure does not depend on how many releases ran.
 */
import Fastify from 'fastify';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../apps/server/src/db/client.js';
import { checkLedger } from '../apps/server/src/ledger/index.js';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Transactions the listing user sees: half as buyer, half as seller (so both party lookups run). */
const LIST_SIZE = Number(process.env.BENCH_LIST_SIZE ?? 50);
const PASSWORD = 'Bench-pass-123';

interface Client {
  port: number;
  cookie: string;
}

interface Reply {
  status: number;
  body: string;
  setCookie: string[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One HTTP request over a kept-alive socket; the cheapest honest client node offers. */
function request(port: number, method: string, path: string, cookie = '', body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function call(c: Client, method: string, path: string, body?: unknown) {
  const res = await request(c.port, method, path, c.cookie, body);
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status}: ${res.body}`);
  return res.body ? JSON.parse(res.body) : null;
}

/** Runs `op` from CONCURRENCY workers: a warm-up, then SECONDS measured; returns operations per second. */
async function throughput(op: () => Promise<unknown>): Promise<number> {
  const run = async (seconds: number) => {
    const end = Date.now() + seconds * 1000;
    let count = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          await op();
          count += 1;
        }
      }),
    );
    return count / ((performance.now() - start) / 1000);
  };
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS);
  return run(SECONDS);
}

/** The baseline: a bare Fastify route, same client, same concurrency, measured right before each engine. */
async function bareFastifyRps(): Promise<number> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (bare.server.address() as AddressInfo).port;
  try {
    return await throughput(async () => {
      const res = await request(port, 'GET', '/bare');
      if (res.status !== 200) throw new Error(`bare route -> ${res.status}`);
    });
  } finally {
    await bare.close();
  }
}

async function signUp(port: number, role: 'buyer' | 'seller', database: Database): Promise<Client & { email: string }> {
  const email = `${role}.${randomBytes(4).toString('hex')}@bench.test`;
  const res = await request(port, 'POST', '/api/auth/register', '', {
    firstName: 'Bench',
    lastName: role,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body}`);
  const cookie = res.setCookie.map((c) => c.split(';')[0]).join('; ');
  // Sellers act on transactions addressed to their verified email.
  await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  return { port, cookie, email };
}

async function depositByCard(buyer: Client, amount: string) {
  const intent = await call(buyer, 'POST', '/api/wallet/deposit', { amount, currency: 'USD' });
  await call(buyer, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
}

const create = (buyer: Client, sellerEmail: string) =>
  call(buyer, 'POST', '/api/transactions', {
    amount: '10.00',
    currency: 'USD',
    sellerEmail,
    description: 'Benchmark item',
  });

const ratio = (rps: number, baseline: number) => (rps / baseline).toFixed(4);

async function benchEngine(name: string, database: Database) {
  await database.migrate();
  const baseline = await bareFastifyRps();
  const app = await buildApp({ config: testConfig(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  try {
    const buyer = await signUp(port, 'buyer', database);
    const seller = await signUp(port, 'seller', database);
    await depositByCard(buyer, '100000.00');

    // The listing user: a fixed set of transactions, half bought, half sold, so the list's size is
    // the same in every run whatever the release rate.
    const lister = await signUp(port, 'seller', database);
    const counterpart = await signUp(port, 'buyer', database);
    for (let i = 0; i < LIST_SIZE; i++) {
      if (i % 2) await create(lister, seller.email);
      else await create(counterpart, lister.email);
    }

    const release = async () => {
      const t = await create(buyer, seller.email);
      await call(buyer, 'POST', `/api/transactions/${t.id}/fund-from-wallet`);
      await call(seller, 'PATCH', `/api/transactions/${t.id}/accept`, {});
      await call(buyer, 'PATCH', `/api/transactions/${t.id}/confirm`, {
        confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
      });
    };
    const releases = await throughput(release);
    const listRps = await throughput(() => call(lister, 'GET', '/api/transactions'));
    const healthRps = await throughput(() => call(buyer, 'GET', '/api/health'));
    const anonymousHealthRps = await throughput(() => call({ port, cookie: '' }, 'GET', '/api/health'));
    const userRps = await throughput(() => call(buyer, 'GET', '/api/auth/user'));
    const ledger = await checkLedger(database.db);
    const listed = (await call(lister, 'GET', '/api/transactions')).length;
    if (listed !== LIST_SIZE) throw new Error(`the listing user sees ${listed} transactions, not ${LIST_SIZE}`);
    return {
      engine: name,
      'bare req/s': Math.round(baseline),
      'releases/s': Number(releases.toFixed(1)),
      'releases vs bare': ratio(releases, baseline),
      [`list (${LIST_SIZE}) req/s`]: Math.round(listRps),
      'list vs bare': ratio(listRps, baseline),
      'health+cookie vs bare': ratio(healthRps, baseline),
      'health, no cookie vs bare': ratio(anonymousHealthRps, baseline),
      'auth/user vs bare': ratio(userRps, baseline),
      'ledger ok': ledger.ok,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  console.log(
    `Holdfast benchmark: ${WARMUP_SECONDS}s warm-up + ${SECONDS}s per measurement, ${CONCURRENCY} concurrent clients, Node ${process.version}\n`,
  );
  const rows = [await benchEngine('pglite', databaseFromPglite(new PGlite()))];

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `holdfast_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      rows.push(await benchEngine('postgres', databaseFromPostgres(url.toString())));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL not configured (BENCH_DATABASE_URL / TEST_DATABASE_URL): measuring PGlite only.\n');
  }
  console.table(rows);
  // For comparing runs (docs/performance.md): BENCH_JSON=path writes the rows as JSON as well.
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
