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
import { openPagingBench } from './paging-compare.js';

const { t, db, pageOne, compare } = await openPagingBench({ requests: 200 });
const { registerUser } = await import('../apps/server/src/test/factories.js');
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

  const get = pageOne('/api/wallet/transactions');
  const rowsOf = (res: Awaited<ReturnType<typeof get>>) => (res.json() as unknown[]).length;
  console.log(`page one: big ${rowsOf(await get(big))} rows, small ${rowsOf(await get(small))} rows`);

  await compare({
    get,
    short: { who: small, label: '50 postings' },
    long: { who: big, label: '5,000 postings' },
    isPage: (text) => text.includes('"postings"'),
  });
} finally {
  await t.close();
}
