/**
 * Paging benchmark (issue 12 item 4; never a timed test): page one of GET /api/transactions for a user
 * with 5,000 transactions against a user with 50, on PostgreSQL, with the plans. See docs/performance.md.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=200 …                       # the defaults
 *
 * A fresh database (dropped after) holds 5,000 transactions of the big user (2,500 bought, 2,500 sold to
 * them), 50 of the small one (25 and 25) and 20,000 of other people. Rounds alternate which user goes
 * first; each round times PAGING_REQUESTS sequential requests per user through the whole app (session,
 * routing, query, serialization; app.inject, so no socket noise) and keeps the median request; the figure
 * is the median over the rounds, and the ratio big/small. Then EXPLAIN (ANALYZE, BUFFERS) of the exact
 * list statement the app sent for each user.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { counter, countPg } from './external/sql-counter.js';

const ROUNDS = Number(process.env.PAGING_ROUNDS ?? 7);
const REQUESTS = Number(process.env.PAGING_REQUESTS ?? 200);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Set TEST_DATABASE_URL (PostgreSQL): the paging figure is measured on PostgreSQL');
process.env.TEST_DB_ENGINE = 'postgres';
process.env.TEST_DATABASE_URL = url;
countPg();

const { createTestApp } = await import('../apps/server/src/test/test-app.js');
const { registerUser } = await import('../apps/server/src/test/factories.js');
const t = await createTestApp();
const db = t.app.database.db;
const { sql } = await import('drizzle-orm');

async function seed(buyerId: string, sellerEmail: string, otherBuyer: string, each: number, tag: string) {
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, status, created_at)
    select ${buyerId}, 'seller-' || ${tag} || '-' || g || '@example.test', 1000, 30, 1030, 'ZAR', 'Bench ' || g,
      (array['pending','active','completed','disputed','cancelled'])[1 + g % 5], now() - g * interval '1 minute'
    from generate_series(1, ${each}) g`);
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, status, created_at)
    select ${otherBuyer}, ${sellerEmail}, 1000, 30, 1030, 'ZAR', 'Bench sold ' || g, 'completed',
      now() - g * interval '1 minute' - interval '30 seconds'
    from generate_series(1, ${each}) g`);
}

try {
  const [big, small, other] = await Promise.all([
    registerUser(t.app, { role: 'seller' }),
    registerUser(t.app, { role: 'seller' }),
    registerUser(t.app),
  ]);
  await seed(big.user.id, big.email.toLowerCase(), other.user.id, 2500, 'big');
  await seed(small.user.id, small.email.toLowerCase(), other.user.id, 25, 'small');
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, created_at)
    select ${other.user.id}, 'noise-' || g || '@example.test', 1000, 30, 1030, 'ZAR', 'Noise', now() - g * interval '1 second'
    from generate_series(1, 20000 - 2550) g`);
  await db.execute(sql`analyze transactions`);

  const get = async (who: { cookie: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: who.cookie } });
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
    return res;
  };
  const first = { big: await get(big), small: await get(small) };
  console.log(
    `page one: big ${first.big.json().length} rows (next cursor ${first.big.headers['x-next-cursor'] ? 'yes' : 'no'}), ` +
      `small ${first.small.json().length} rows (next cursor ${first.small.headers['x-next-cursor'] ? 'yes' : 'no'})`,
  );

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  async function timeOne(who: { cookie: string }) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      await get(who);
      times.push(performance.now() - start);
    }
    return median(times);
  }
  for (let i = 0; i < 50; i += 1) await Promise.all([get(big), get(small)]); // warm-up
  const rounds: { big: number; small: number }[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 === 0 ? (['small', 'big'] as const) : (['big', 'small'] as const);
    const round = { big: 0, small: 0 };
    for (const who of order) round[who] = await timeOne(who === 'big' ? big : small);
    rounds.push(round);
    console.log(`round ${r + 1}: small ${round.small.toFixed(3)} ms, big ${round.big.toFixed(3)} ms`);
  }
  const bigMs = median(rounds.map((r) => r.big));
  const smallMs = median(rounds.map((r) => r.small));
  console.log(
    `median request, page one (50 rows): 50 transactions ${smallMs.toFixed(3)} ms, 5,000 transactions ${bigMs.toFixed(3)} ms; ` +
      `ratio ${(bigMs / smallMs).toFixed(2)}x (target at most 1.5x)`,
  );

  // The exact statement the app sent for each user, explained on the same database.
  const client = new pg.Client({ connectionString: (t.app.database as unknown as { url?: string }).url ?? dbUrl() });
  await client.connect();
  for (const [name, who] of [
    ['50 transactions', small],
    ['5,000 transactions', big],
  ] as const) {
    counter.recording = [];
    await get(who);
    const list = counter.recording.find((q) => q.text.includes('from "transactions"') && q.text.includes('union all'));
    counter.recording = null;
    if (!list) throw new Error('the list statement was not seen');
    const plan = await client.query(`explain (analyze, buffers, costs off) ${list.text}`, list.params);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    console.log(`\nEXPLAIN ANALYZE, ${name}:\n${lines.join('\n')}`);
  }
  await client.end();
} finally {
  await t.close();
}

/** The bench database's URL: the pool's own connection string. */
function dbUrl(): string {
  const found = (t.app.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  if (!found) throw new Error('no connection string');
  return found;
}
