/**
 * Paging benchmark for the wallet activity (issue 12 item 4; never a timed test): page one of
 * GET /api/wallet/transactions for a user with 5,000 postings on their wallets against a user with 50,
 * on PostgreSQL, with the plans. See docs/performance.md, "Paging".
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging-wallet.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=200 …                       # the defaults
 *
 * A fresh database (dropped after) holds, for each of the two users, postings on two wallets (USD and
 * EUR, in turn, so the page interleaves currencies) and 20,000 postings of other people's wallets. Rounds
 * alternate which user goes first; each times PAGING_REQUESTS sequential requests per user through the
 * whole app (app.inject) and keeps the median; the figure is the median over rounds, and the ratio.
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

/** `count` deposits, alternating between the user's USD and EUR wallets, one a minute back from now. */
async function seed(userId: string, count: number) {
  for (const currency of ['USD', 'EUR']) {
    await db.execute(sql`insert into ledger_accounts (key, type, currency, user_id, balance, version)
      values (${`wallet:${userId}:${currency}`}, 'wallet', ${currency}, ${userId}, ${(count / 2) * 100}, ${count / 2})`);
  }
  await db.execute(sql`
    with g as (select g, case when g % 2 = 0 then 'USD' else 'EUR' end as currency,
                      now() - g * interval '1 minute' as at from generate_series(1, ${count}) g),
    e as (insert into journal_entries (id, kind, user_id, memo, created_at)
          select md5(${userId} || g)::uuid, 'deposit', ${userId}, 'Bench', at from g returning id)
    insert into postings (entry_id, account_id, amount, balance_after, version, created_at)
    select md5(${userId} || g.g)::uuid, a.id, 100,
           100 * (${count / 2} - (g.g - 1) / 2), ${count / 2} - (g.g - 1) / 2, g.at
    from g join ledger_accounts a on a.key = 'wallet:' || ${userId} || ':' || g.currency`);
}

try {
  const [big, small, ...others] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    ...Array.from({ length: 20 }, () => registerUser(t.app)),
  ]);
  await seed(big.user.id, 5000);
  await seed(small.user.id, 50);
  for (const other of others) await seed(other.user.id, 1000);
  await db.execute(sql`analyze postings; analyze ledger_accounts; analyze journal_entries`);

  const get = async (who: { cookie: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: { cookie: who.cookie } });
    if (res.statusCode !== 200) throw new Error(`activity: ${res.statusCode} ${res.body}`);
    return res;
  };
  const rowsOf = (res: Awaited<ReturnType<typeof get>>) => (res.json() as unknown[]).length;
  console.log(`page one: big ${rowsOf(await get(big))} rows, small ${rowsOf(await get(small))} rows`);

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
    `median request, page one: 50 postings ${smallMs.toFixed(3)} ms, 5,000 postings ${bigMs.toFixed(3)} ms; ` +
      `ratio ${(bigMs / smallMs).toFixed(2)}x (target at most 1.5x)`,
  );

  // The exact statement the app sent for each user, explained on the same database.
  const pool = (t.app.database.db as unknown as { $client: pg.Pool }).$client;
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  for (const [name, who] of [
    ['50 postings', small],
    ['5,000 postings', big],
  ] as const) {
    counter.recording = [];
    await get(who);
    const page = counter.recording.find((q) => q.text.includes('"postings"'));
    counter.recording = null;
    if (!page) throw new Error('the activity statement was not seen');
    const plan = await client.query(`explain (analyze, buffers, costs off) ${page.text}`, page.params);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    console.log(`\nEXPLAIN ANALYZE, ${name}:\n${lines.join('\n')}`);
  }
  await client.end();
} finally {
  await t.close();
}
