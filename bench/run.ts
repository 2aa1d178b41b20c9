/**
 * Benchmarks (never timed tests): escrow releases per second and GET /api/transactions throughput,
 * each reported as a ratio to a bare Fastify route measured in the same run on the same machine.
 * Runs against the embedded PGlite, and against PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 *   npm run bench                      # PGlite (+ PostgreSQL when configured)
 *   BENCH_SECONDS=10 npm run bench     # longer runs
 */
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../apps/server/src/db/client.js';
import { checkLedger } from '../apps/server/src/ledger/index.js';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PASSWORD = 'Bench-pass-123';

interface Client {
  base: string;
  cookie: string;
}

async function call(c: Client, method: string, path: string, body?: unknown) {
  const res = await fetch(c.base + path, {
    method,
    headers: { cookie: c.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `op` from CONCURRENCY workers for SECONDS; returns completed operations per second. */
async function throughput(op: () => Promise<unknown>): Promise<number> {
  const end = Date.now() + SECONDS * 1000;
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
}

async function bareFastifyRps(): Promise<number> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  const rps = await throughput(async () => (await fetch(base + '/bare')).text());
  await bare.close();
  return rps;
}

async function signUp(base: string, role: 'buyer' | 'seller', database: Database): Promise<Client & { email: string }> {
  const email = `${role}.${randomBytes(4).toString('hex')}@bench.test`;
  const res = await fetch(base + '/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: role,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // Sellers act on transactions addressed to their verified email.
  await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  return { base, cookie, email };
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

async function benchEngine(name: string, database: Database, baselineRps: number) {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const buyer = await signUp(base, 'buyer', database);
    const seller = await signUp(base, 'seller', database);
    await depositByCard(buyer, '100000.00');

    const release = async () => {
      const t = await call(buyer, 'POST', '/api/transactions', {
        amount: '10.00',
        currency: 'USD',
        sellerEmail: seller.email,
        description: 'Benchmark item',
      });
      await call(buyer, 'POST', `/api/transactions/${t.id}/fund-from-wallet`);
      await call(seller, 'PATCH', `/api/transactions/${t.id}/accept`, {});
      await call(buyer, 'PATCH', `/api/transactions/${t.id}/confirm`, {
        confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
      });
    };
    const releases = await throughput(release);
    const listRps = await throughput(() => call(buyer, 'GET', '/api/transactions'));
    const healthRps = await throughput(() => call(buyer, 'GET', '/api/health'));
    const userRps = await throughput(() => call(buyer, 'GET', '/api/auth/user'));
    const ledger = await checkLedger(database.db);
    const listed = (await call(buyer, 'GET', '/api/transactions')).length;
    return {
      engine: name,
      'releases/s': releases.toFixed(1),
      'releases vs bare': (releases / baselineRps).toFixed(4),
      'GET /api/transactions req/s': listRps.toFixed(0),
      'list vs bare': (listRps / baselineRps).toFixed(3),
      'transactions listed': listed,
      'GET /api/health vs bare': (healthRps / baselineRps).toFixed(3),
      'GET /api/auth/user vs bare': (userRps / baselineRps).toFixed(3),
      'ledger ok': ledger.ok,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  console.log(
    `Holdfast benchmark: ${SECONDS}s per measurement, ${CONCURRENCY} concurrent clients, Node ${process.version}\n`,
  );
  const baseline = await bareFastifyRps();
  console.log(`bare Fastify route (baseline): ${baseline.toFixed(0)} req/s\n`);
  const rows = [await benchEngine('pglite', databaseFromPglite(new PGlite()), baseline)];

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `holdfast_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      rows.push(await benchEngine('postgres', databaseFromPostgres(url.toString()), baseline));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL not configured (BENCH_DATABASE_URL / TEST_DATABASE_URL): measuring PGlite only.\n');
  }
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
