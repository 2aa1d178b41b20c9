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
import { openPagingBench } from './paging-compare.js';

// Pages built every time: this measures the query, not the first page kept in memory (decision 015).
const { t, db, pageOne, compare } = await openPagingBench({ requests: 200, env: { LIST_CACHE_MB: '0' } });
const { registerUser } = await import('../apps/server/src/test/factories.js');
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

  const get = pageOne('/api/transactions');
  const first = { big: await get(big), small: await get(small) };
  console.log(
    `page one: big ${first.big.json().length} rows (next cursor ${first.big.headers['x-next-cursor'] ? 'yes' : 'no'}), ` +
      `small ${first.small.json().length} rows (next cursor ${first.small.headers['x-next-cursor'] ? 'yes' : 'no'})`,
  );

  await compare({
    get,
    short: { who: small, label: '50 transactions' },
    long: { who: big, label: '5,000 transactions' },
    isPage: (text) => text.includes('from "transactions"') && text.includes('union all'),
  });
} finally {
  await t.close();
}
