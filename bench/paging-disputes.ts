/**
 * Paging benchmark for a party's disputes (issue 12 item 4; never a timed test): page one of GET /api/disputes
 * (50 cases) for a buyer with 5,000 transactions (500 disputed) against one with 500 (50 disputed), among
 * 20,000 other transactions (2,000 disputed), on PostgreSQL, with the plans. See docs/performance.md, "Paging".
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging-disputes.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=200 …                       # the defaults
 */
import { openPagingBench } from './paging-compare.js';

const { t, db, pageOne, compare } = await openPagingBench({ requests: 200 });
const { registerUser } = await import('../apps/server/src/test/factories.js');
const { sql } = await import('drizzle-orm');

/** `count` transactions bought by the user, one in ten disputed, one a minute back from now. */
async function seed(buyerId: string, count: number, tag: string) {
  await db.execute(sql`
    with tx as (
      insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, status, created_at)
      select ${buyerId}, 'seller-' || ${tag} || '-' || g || '@example.test', 1000, 30, 1030, 'USD', 'Bench ' || g,
             case when g % 10 = 0 then 'disputed' else 'completed' end, now() - g * interval '1 minute'
      from generate_series(1, ${count}) g
      returning id, status, created_at, seller_email)
    insert into disputes (transaction_id, buyer_id, seller_email, initiated_by, initiator_id, type, description, created_at)
    select id, ${buyerId}, seller_email, 'buyer', ${buyerId}, 'not_received', 'Bench dispute', created_at + interval '10 seconds'
    from tx where status = 'disputed'`);
}

try {
  const [big, small, other] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  await seed(big.user.id, 5000, 'big');
  await seed(small.user.id, 500, 'small');
  await seed(other.user.id, 20000, 'other');
  await db.execute(sql`analyze transactions; analyze disputes`);

  const get = pageOne('/api/disputes');
  const rowsOf = (res: Awaited<ReturnType<typeof get>>) => (res.json() as unknown[]).length;
  console.log(`page one: big ${rowsOf(await get(big))} rows, small ${rowsOf(await get(small))} rows`);

  await compare({
    get,
    short: { who: small, label: '50 cases' },
    long: { who: big, label: '500 cases' },
    isPage: (text) => text.includes('from "disputes"'),
  });
} finally {
  await t.close();
}
