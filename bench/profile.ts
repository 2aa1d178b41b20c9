/**
 * Where a request's time goes, without HTTP or a client in the way: builds the app on in-memory PGlite,
 * calls each hot route through `app.inject` in a loop and prints the mean time per call and the number
 * of SQL statements it ran. For a CPU profile run it under `node --cpu-prof --import tsx bench/profile.ts`.
 *
 *   npx tsx bench/profile.ts            # PROFILE_ITERATIONS=200 by default
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { databaseFromPglite } from '../apps/server/src/db/client.js';

const ITERATIONS = Number(process.env.PROFILE_ITERATIONS ?? 200);
const PASSWORD = 'Bench-pass-123';

/** Adds the time a database call takes to `counter.dbMs` (calls are sequential here, so it adds up). */
const byStatement = new Map<string, { ms: number; n: number }>();
async function timedDb<T>(counter: { dbMs: number }, fn: () => Promise<T>, text = ''): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const ms = performance.now() - start;
    counter.dbMs += ms;
    if (process.env.PROFILE_STATEMENTS) {
      const key = text.replace(/\s+/g, ' ').slice(0, 90);
      const s = byStatement.get(key) ?? { ms: 0, n: 0 };
      byStatement.set(key, { ms: s.ms + ms, n: s.n + 1 });
    }
  }
}

/** Counts statements by wrapping the PGlite client's entry points (drizzle calls `query`). */
function countingPglite() {
  const client = new PGlite();
  const counter = { statements: 0, dbMs: 0 };
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof query>) => {
    counter.statements += 1;
    if (process.env.PROFILE_SQL) console.log('  sql:', String(args[0]).slice(0, 160));
    return timedDb(counter, () => query(...args), String(args[0]));
  }) as typeof client.query;
  const exec = client.exec.bind(client);
  client.exec = ((...args: Parameters<typeof exec>) => {
    counter.statements += 1;
    return timedDb(counter, () => exec(...args), String(args[0]));
  }) as typeof client.exec;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        counter.statements += 1;
        if (process.env.PROFILE_SQL) console.log('  tx:', String(args[0]).slice(0, 160));
        return timedDb(counter, () => txQuery(...args), String(args[0]));
      }) as typeof tx.query;
      return fn(tx);
    })) as typeof client.transaction;
  return { client, counter };
}

async function main() {
  const { client, counter } = countingPglite();
  const database = databaseFromPglite(client);
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();

  const register = async (role: 'buyer' | 'seller') => {
    const email = `${role}.${Math.random().toString(16).slice(2, 10)}@profile.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'P', lastName: role, email, password: PASSWORD, confirmPassword: PASSWORD, role },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
    return { email, cookie };
  };
  const buyer = await register('buyer');
  const seller = await register('seller');

  const call = async (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, payload });
    if (res.statusCode >= 400) throw new Error(`${method} ${url} -> ${res.statusCode} ${res.body}`);
    return res.body ? JSON.parse(res.body) : null;
  };
  const intent = await call(buyer.cookie, 'POST', '/api/wallet/deposit', { amount: '100000.00', currency: 'USD' });
  await call(buyer.cookie, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });

  const steps: Record<string, { ms: number; dbMs: number; statements: number; n: number }> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const before = counter.statements;
    const dbBefore = counter.dbMs;
    const start = performance.now();
    const result = await fn();
    const s = (steps[name] ??= { ms: 0, dbMs: 0, statements: 0, n: 0 });
    s.ms += performance.now() - start;
    s.dbMs += counter.dbMs - dbBefore;
    s.statements += counter.statements - before;
    s.n += 1;
    return result;
  };

  for (let i = 0; i < ITERATIONS; i++) {
    const t = await timed('POST /api/transactions', () =>
      call(buyer.cookie, 'POST', '/api/transactions', {
        amount: '10.00',
        currency: 'USD',
        sellerEmail: seller.email,
        description: 'Profile item',
      }),
    );
    await timed('POST fund-from-wallet', () =>
      call(buyer.cookie, 'POST', `/api/transactions/${t.id}/fund-from-wallet`),
    );
    await timed('PATCH accept', () => call(seller.cookie, 'PATCH', `/api/transactions/${t.id}/accept`, {}));
    await timed('PATCH confirm', () =>
      call(buyer.cookie, 'PATCH', `/api/transactions/${t.id}/confirm`, {
        confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
      }),
    );
  }
  for (let i = 0; i < ITERATIONS; i++) {
    await timed('GET /api/transactions', () => call(buyer.cookie, 'GET', '/api/transactions'));
    await timed('GET /api/auth/user', () => call(buyer.cookie, 'GET', '/api/auth/user'));
    await timed('GET /api/health (cookie)', () => call(buyer.cookie, 'GET', '/api/health'));
    await timed('GET /api/health (no cookie)', async () => (await app.inject({ url: '/api/health' })).body);
  }

  console.log(`${ITERATIONS} iterations, list of ${ITERATIONS} transactions, PGlite in memory, app.inject\n`);
  console.table(
    Object.fromEntries(
      Object.entries(steps).map(([name, s]) => [
        name,
        {
          'ms / call': (s.ms / s.n).toFixed(2),
          'of which in PGlite': (s.dbMs / s.n).toFixed(2),
          'SQL statements / call': (s.statements / s.n).toFixed(1),
        },
      ]),
    ),
  );
  if (process.env.PROFILE_STATEMENTS) {
    const rows = [...byStatement].filter(([, s]) => s.n >= ITERATIONS).sort(([, a], [, b]) => b.ms / b.n - a.ms / a.n);
    for (const [text, s] of rows) console.log((s.ms / s.n).toFixed(2).padStart(6), 'ms', String(s.n).padStart(5), text);
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
