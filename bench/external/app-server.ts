/**
 * The product under load, in a process of its own (the benchmark measures its CPU from /proc). Builds
 * the app exactly as the server does, on PostgreSQL (BENCH_PG_URL) or in-memory PGlite, seeds the
 * benchmark's people through the app itself (a buyer and seller, a listing user, BENCH_VISITORS more
 * people with a session each), and prints `READY {…}` with their cookies on stdout.
 *
 * Beside the app, on a port of its own, a bench-only Fastify instance (never part of the app) serves
 *   /raw/transactions, /raw/auth/user  the SQL statements the app ran for that request, recorded once,
 *                                      replayed with the plain driver, then the app's answer text sent
 *                                      as it is: the floor (the list's first page comes from memory after
 *                                      its version check; BENCH_LIST_CACHE_MB=0 measures it built each time)
 *   /stats                             statements and transactions so far (the hook in sql-counter.ts)
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { databaseFromPglite, databaseFromPostgres, type Database } from '../../apps/server/src/db/client.js';
import { checkLedger } from '../../apps/server/src/ledger/index.js';
import { counter, countPg, countingPglite, type Recorded } from './sql-counter.js';

const LIST_SIZE = Number(process.env.BENCH_LIST_SIZE ?? 50);
/** Buyer and seller pairs for the 'releases pairs' row: one per release loop by default. */
const RELEASE_PAIRS = Number(process.env.BENCH_RELEASE_CLIENTS ?? 8);
/** People signed in at once for the many-sessions rows (one per autocannon connection by default). */
const VISITORS = Number(process.env.BENCH_VISITORS ?? process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Bench-pass-123';
const pgUrl = process.env.BENCH_PG_URL;

let raw: (text: string, params: unknown[], name?: string) => Promise<unknown[]>;
let database: Database;
if (pgUrl) {
  countPg();
  database = await databaseFromPostgres(pgUrl);
  // The same pool size as the app's (db/client.ts).
  const pool = new pg.Pool({ connectionString: pgUrl, max: 10 });
  // Every value as the text PostgreSQL sent: the cheapest reading a plain client can do.
  const asText = { getTypeParser: () => (value: string) => value };
  raw = async (text, params, name) => (await pool.query({ name, text, values: params, types: asText })).rows;
} else {
  const client = countingPglite();
  database = databaseFromPglite(client);
  raw = async (text, params) => (await client.query(text, params)).rows;
}
await database.migrate();
const app = await buildApp({
  config: testConfig({ LIST_CACHE_MB: process.env.BENCH_LIST_CACHE_MB ?? '16' }),
  database,
});
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
  // Sellers act on transactions addressed to their verified email.
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

const buyer = await signUp('buyer');
const seller = await signUp('seller');
await deposit(buyer.cookie);
// A buyer and a seller for each release loop (the 'releases pairs' row): people who do not wait on each other.
const pairs: { buyerCookie: string; sellerCookie: string; sellerEmail: string }[] = [];
for (let i = 0; i < RELEASE_PAIRS; i++) {
  const [b, s] = [await signUp('buyer'), await signUp('seller')];
  await deposit(b.cookie);
  pairs.push({ buyerCookie: b.cookie, sellerCookie: s.cookie, sellerEmail: s.email });
}
// The deposits settle through the job queue (main.ts polls it; here it runs once, so no poller adds load).
// The issue-era code that bench/issue-baseline.ts runs this against has no queue: its deposits settle at once.
if ('scheduler' in app) await app.scheduler.runDue();
const wallet = await call(buyer.cookie, 'GET', '/api/auth/user');
if (!wallet) throw new Error('the buyer is not signed in');
// A listing user's fixed set, half bought and half sold (both party lookups run), whatever the release rate.
const counterpart = await signUp('buyer');
async function fillList(person: { cookie: string; email: string }) {
  for (let i = 0; i < LIST_SIZE; i++) {
    if (i % 2) await create(person.cookie, seller.email);
    else await create(counterpart.cookie, person.email);
  }
}
const lister = await signUp('buyer');
await fillList(lister);
// Many people, each with a session and a list of their own: requests that arrive together carry
// different cookies and ask for different lists.
const visitors: string[] = [];
for (let i = 0; i < VISITORS; i += 10) {
  const batch = await Promise.all(Array.from({ length: Math.min(10, VISITORS - i) }, () => signUp('buyer')));
  await Promise.all(batch.map(fillList));
  visitors.push(...batch.map((v) => v.cookie));
}
const listed = await call(lister.cookie, 'GET', '/api/transactions');
const listedRows = Array.isArray(listed) ? listed.length : (listed?.items?.length ?? listed?.transactions?.length);

/** BENCH_RAW_STATE_CHANGES_ONLY=1: each request replays its state change alone, without the session lookup. */
const STATE_CHANGES_ONLY = process.env.BENCH_RAW_STATE_CHANGES_ONLY === '1';
/**
 * The release path's raw-SQL floor ('raw releases pairs' in bench/run.ts): each pair's release recorded
 * twice through the app (statements per request, session lookups included), then /raw/transactions…
 * routes that replay one request's statements with the plain driver as named prepared statements, as the
 * app prepares them, and answer the last statement's row. Ids made for a release (the transaction's,
 * a ledger entry's: in the first recording's parameters, not in the second's) are replaced by fresh ones,
 * the transaction's by the one in the address. A guard that matched no row answers 409, so a replay
 * that did nothing never counts as a release. No cookie check, no validation, no view: the database's
 * round trips and the HTTP server. BENCH_RAW_STATE_CHANGES_ONLY=1 leaves out the session lookups too.
 */
async function registerRawReleases(server: FastifyInstance) {
  if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes('raw releases pairs')) return;
  const steps = ['create', 'fund', 'accept', 'confirm'] as const;
  type Release = { id: string; steps: Record<(typeof steps)[number], Recorded[]> };
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
  async function recordRelease(pair: (typeof pairs)[number]): Promise<Release> {
    const recorded = {} as Release['steps'];
    const step = async <T>(name: (typeof steps)[number], run: () => Promise<T>) => {
      counter.recording = [];
      const result = await run();
      recorded[name] = counter.recording.map((s) => ({ text: s.text, params: [...s.params] }));
      counter.recording = null;
      return result;
    };
    const t = await step('create', () => create(pair.buyerCookie, pair.sellerEmail));
    await step('fund', () => call(pair.buyerCookie, 'POST', `/api/transactions/${t.id}/fund-from-wallet`));
    await step('accept', () => call(pair.sellerCookie, 'PATCH', `/api/transactions/${t.id}/accept`, {}));
    await step('confirm', () =>
      call(pair.buyerCookie, 'PATCH', `/api/transactions/${t.id}/confirm`, {
        confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
      }),
    );
    return { id: t.id, steps: recorded };
  }
  const json = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? String(v) : v)) ?? '';
  const uuidsOf = (r: Release) => new Set(json(r.steps).match(UUID) ?? []);
  type Replayed = Recorded & { name: string; swapped: boolean[] };
  const byCookie = new Map<
    string,
    { release: { id: string; steps: Record<string, Replayed[]> }; fresh: Set<string> }
  >();
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? names.set(text, `raw_${names.size}`).get(text)!;
  for (const pair of pairs) {
    await recordRelease(pair); // warm: plans, pools, one-time work
    const [first, second] = [await recordRelease(pair), await recordRelease(pair)];
    const kept = uuidsOf(second);
    const fresh = new Set([...uuidsOf(first)].filter((u) => !kept.has(u)));
    if (!fresh.has(first.id)) {
      // Code that lets the database make the id (an older tree under bench/issue-baseline.ts): no replay.
      console.error(
        'raw releases: the transaction id is not among the parameters of the statements; no raw release routes',
      );
      return;
    }
    // Which parameters carry a fresh id, worked out once: the others are sent as recorded.
    const prepared = Object.fromEntries(
      steps.map((name) => [
        name,
        (STATE_CHANGES_ONLY ? first.steps[name].slice(-1) : first.steps[name]).map((s) => ({
          ...s,
          name: nameOf(s.text),
          swapped: s.params.map(
            (p) =>
              json(p)
                .match(UUID)
                ?.some((u) => fresh.has(u)) ?? false,
          ),
        })),
      ]),
    );
    const release = { id: first.id, steps: prepared };
    byCookie.set(pair.buyerCookie, { release, fresh });
    byCookie.set(pair.sellerCookie, { release, fresh });
  }
  function substitute(value: unknown, ids: Map<string, string>, fresh: Set<string>): unknown {
    const swap = (text: string) =>
      text.replace(UUID, (u) => (fresh.has(u) ? (ids.get(u) ?? (ids.set(u, randomUUID()), ids.get(u)!)) : u));
    if (typeof value === 'string') return swap(value);
    if (Array.isArray(value)) return value.map((v) => substitute(v, ids, fresh));
    if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
      return JSON.parse(swap(json(value)));
    }
    return value;
  }
  const replay =
    (step: (typeof steps)[number]) =>
    async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const found = byCookie.get(request.headers.cookie ?? '');
      if (!found) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const id = request.params.id ?? randomUUID();
      const ids = new Map([[found.release.id, id]]);
      let rows: unknown[] = [];
      for (const s of found.release.steps[step]) {
        const params = s.params.map((p, i) => (s.swapped[i] ? substitute(p, ids, found.fresh) : p));
        rows = await raw(s.text, params, s.name);
      }
      if (rows.length === 0) return reply.status(409).send({ code: 'INVALID_STATE', step });
      return reply.type('application/json').send(JSON.stringify(rows[0]));
    };
  server.post('/raw/transactions', replay('create'));
  server.post('/raw/transactions/:id/fund-from-wallet', replay('fund'));
  server.patch('/raw/transactions/:id/accept', replay('accept'));
  server.patch('/raw/transactions/:id/confirm', replay('confirm'));
}

/** The statements one request ran, in order (a warm-up call first so one-time work is not recorded). */
async function record(cookie: string, url: string): Promise<{ statements: Recorded[]; body: string }> {
  await call(cookie, 'GET', url);
  counter.recording = [];
  const body = JSON.stringify(await call(cookie, 'GET', url));
  const statements = counter.recording;
  counter.recording = null;
  return { statements, body };
}
const recorded = {
  '/raw/transactions': await record(lister.cookie, '/api/transactions'),
  '/raw/auth/user': await record(buyer.cookie, '/api/auth/user'),
};

const bench = Fastify();
await registerRawReleases(bench);
for (const [path, { statements, body }] of Object.entries(recorded)) {
  bench.get(path, async (_request, reply) => {
    for (const s of statements) await raw(s.text, s.params);
    reply.type('application/json');
    return body;
  });
}
bench.get('/stats', async () => ({ statements: counter.statements, transactions: counter.transactions }));
bench.get('/ledger', async () => checkLedger(database.db));
await bench.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `READY ${JSON.stringify({
    pid: process.pid,
    port,
    rawPort: (bench.server.address() as AddressInfo).port,
    buyer,
    seller,
    pairs,
    lister,
    visitors,
    listedRows,
    statements: Object.fromEntries(Object.entries(recorded).map(([k, v]) => [k, v.statements.map((s) => s.text)])),
  })}`,
);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bench.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
