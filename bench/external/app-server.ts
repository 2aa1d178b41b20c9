/**
 * The product under load, in a process of its own (the benchmark measures its CPU from /proc). Builds
 * the app as the server does, with the test configuration and nothing else (so the same file runs the
 * baseline commit's code too, bench/baseline-tree.ts), on PostgreSQL (BENCH_PG_URL) or in-memory PGlite;
 * seeds the benchmark's people through the app itself and prints `READY {…}` with their cookies on stdout:
 *   pairs   BENCH_RELEASE_CLIENTS buyers and sellers (8), one of each per release loop, with money in the
 *           buyer's wallet
 *   lister  a user with BENCH_LIST_SIZE transactions (50), half bought and half sold
 *
 * Beside the app, on a port of its own, a bench-only Fastify instance (never part of the app) serves
 *   /raw/transactions  the list's raw-SQL baseline: the statements one warm list request ran, recorded
 *                      once, replayed with the plain driver, then that request's answer text sent as is
 *   /stats             statements and database transactions so far (the hook in sql-counter.ts)
 *   /ledger            checkLedger over the whole database
 */
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../../apps/server/src/db/client.js';
import { checkLedger } from '../../apps/server/src/ledger/index.js';
import { counter, countPg, countingPglite, type Recorded } from './sql-counter.js';

const LIST_SIZE = Number(process.env.BENCH_LIST_SIZE ?? 50);
const RELEASE_PAIRS = Number(process.env.BENCH_RELEASE_CLIENTS ?? 8);
const PASSWORD = 'Bench-pass-123';
const pgUrl = process.env.BENCH_PG_URL;

let raw: (text: string, params: unknown[]) => Promise<unknown>;
let database: Database;
if (pgUrl) {
  countPg();
  database = await databaseFromPostgres(pgUrl);
  // The same pool size as the app's (db/client.ts).
  const pool = new pg.Pool({ connectionString: pgUrl, max: 10 });
  // Every value as the text PostgreSQL sent: the cheapest reading a plain client can do.
  const asText = { getTypeParser: () => (value: string) => value };
  raw = (text, params) => pool.query({ text, values: params, types: asText });
} else {
  const client = countingPglite();
  database = databaseFromPglite(client);
  raw = (text, params) => client.query(text, params);
}
await database.migrate();
const app = await buildApp({ config: testConfig(), database });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

async function call(cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  if (res.statusCode >= 400) throw new Error(`${method} ${url} -> ${res.statusCode}: ${res.body}`);
  return res.body ? JSON.parse(res.body) : null;
}

async function signUp(role: 'buyer' | 'seller') {
  const email = `${role}.${Math.random().toString(16).slice(2, 10)}@bench.test`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Bench', lastName: role, email, password: PASSWORD, confirmPassword: PASSWORD, role },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  // Sellers act on transactions addressed to their verified email (as the test factories verify it).
  await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  return { email, cookie };
}

const create = (cookie: string, sellerEmail: string) =>
  call(cookie, 'POST', '/api/transactions', { amount: '10.00', currency: 'USD', sellerEmail, description: 'Bench' });

async function deposit(cookie: string) {
  const intent = await call(cookie, 'POST', '/api/wallet/deposit', { amount: '100000.00', currency: 'USD' });
  await call(cookie, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
}

// A buyer and a seller for each release loop: people who do not wait on each other's rows.
const pairs: { buyerCookie: string; sellerCookie: string; sellerEmail: string }[] = [];
for (let i = 0; i < RELEASE_PAIRS; i++) {
  const [buyer, seller] = [await signUp('buyer'), await signUp('seller')];
  await deposit(buyer.cookie);
  pairs.push({ buyerCookie: buyer.cookie, sellerCookie: seller.cookie, sellerEmail: seller.email });
}
// The deposits settle through the job queue (main.ts polls it; here it runs once, so no poller adds load).
await app.scheduler.runDue();

// The listing user's fixed set, half bought and half sold (both party lookups run), whatever the release rate.
const [lister, seller, counterpart] = [await signUp('buyer'), await signUp('seller'), await signUp('buyer')];
for (let i = 0; i < LIST_SIZE; i++) {
  if (i % 2) await create(lister.cookie, seller.email);
  else await create(counterpart.cookie, lister.email);
}

/** The statements one list request ran, in order (a warm-up call first so one-time work is not recorded). */
await call(lister.cookie, 'GET', '/api/transactions');
counter.recording = [];
const listed: unknown[] = await call(lister.cookie, 'GET', '/api/transactions');
const listStatements: Recorded[] = counter.recording;
counter.recording = null;
const listBody = JSON.stringify(listed);

const bench = Fastify();
bench.get('/raw/transactions', async (_request, reply) => {
  for (const s of listStatements) await raw(s.text, s.params);
  reply.type('application/json');
  return listBody;
});
bench.get('/stats', async () => ({ statements: counter.statements, transactions: counter.transactions }));
bench.get('/ledger', async () => checkLedger(database.db));
await bench.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `READY ${JSON.stringify({
    pid: process.pid,
    port,
    rawPort: (bench.server.address() as AddressInfo).port,
    pairs,
    lister,
    listedRows: listed.length,
    listStatements: listStatements.length,
  })}`,
);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bench.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
