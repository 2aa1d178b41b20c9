/**
 * Paging benchmark (issue 12 item 4; never a timed test): page one of GET /api/transactions for a user
 * with 5,000 transactions against a user with 50, on PostgreSQL, with the plans. See docs/performance.md.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=200 …                       # the defaults
 *   PAGING_STATS=1 …                          # GET /api/transactions/stats, the counts by status, instead
 *   PAGING_PUBLIC=history …                   # what anyone may open instead: a public profile's history,
 *   PAGING_PUBLIC=profile …                   # the profile itself (with a review of each deal: its count
 *   PAGING_PUBLIC=reviews …                   # and average), or GET /api/users/{id}/reviews (newest 100)
 *   PAGING_STATUS=disputed …                  # a filter button's page: ?status=disputed, when each user's
 *                                             # newest 5 purchases are disputed and the rest completed
 *
 * A fresh database (dropped after) holds 5,000 transactions of the big user (2,500 bought, 2,500 sold to
 * them), 50 of the small one (25 and 25) and 20,000 of other people. Rounds alternate which user goes
 * first; each round times PAGING_REQUESTS sequential requests per user through the whole app (session,
 * routing, query, serialization; app.inject, so no socket noise) and keeps the median request; the figure
 * is the median over the rounds, and the ratio big/small. Then EXPLAIN (ANALYZE, BUFFERS) of the exact
 * list statement the app sent for each user.
 */
import { openPagingBench } from './paging-compare.js';

/** PAGING_STATS=1: GET /api/transactions/stats (the dashboard's and filter buttons' counts) instead. */
const STATS = Boolean(process.env.PAGING_STATS);
/** PAGING_PUBLIC: one of the pages anyone may open, for a person with a review of each transaction. */
const PUBLIC = process.env.PAGING_PUBLIC as 'history' | 'profile' | 'reviews' | undefined;
const publicPath = (slug: string, id: string) =>
  PUBLIC === 'reviews'
    ? `/api/users/${id}/reviews`
    : `/api/public/profile/${slug}${PUBLIC === 'history' ? '/transactions' : ''}`;
/** PAGING_STATUS=<status>: that filter, with a history where it is rare (only the newest 5 purchases). */
const STATUS = process.env.PAGING_STATUS;
const { t, db, pageOne, compare } = await openPagingBench({ requests: 200 });
const { registerUser } = await import('../apps/server/src/test/factories.js');
const { sql } = await import('drizzle-orm');

async function seed(buyerId: string, sellerEmail: string, otherBuyer: string, each: number, tag: string) {
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, status, created_at)
    select ${buyerId}, 'seller-' || ${tag} || '-' || g || '@example.test', 1000, 30, 1030, 'ZAR', 'Bench ' || g,
      ${STATUS ? sql`case when g <= 5 then ${STATUS} else 'completed' end` : sql`(array['pending','active','completed','disputed','cancelled'])[1 + g % 5]`},
      now() - g * interval '1 minute'
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

  if (PUBLIC) {
    for (const [who, slug] of [
      [big, 'bench-big'],
      [small, 'bench-small'],
    ] as const)
      await db.execute(sql`update users set public_profile_slug = ${slug}, public_history_enabled = true
        where id = ${who.user.id}`);
    await db.execute(sql`insert into reviews (transaction_id, reviewer_id, reviewee_id, reviewer_role, rating)
        select x.id, ${other.user.id}, case when buyer_id = ${other.user.id} then u.id else buyer_id end,
          case when buyer_id = ${other.user.id} then 'buyer' else 'seller' end, 1 + (row_number() over ()) % 5
        from transactions x join users u on lower(u.email) = x.seller_email or u.id = x.buyer_id
        where u.id in (${big.user.id}, ${small.user.id})`);
    // The reviews list shows the newest 100: the short side gets 100 too (a second reviewer for each deal).
    if (PUBLIC === 'reviews')
      await db.execute(sql`insert into reviews (transaction_id, reviewer_id, reviewee_id, reviewer_role, rating)
        select transaction_id, ${big.user.id}, reviewee_id, reviewer_role, rating from reviews
        where reviewee_id = ${small.user.id}`);
    await db.execute(sql`analyze reviews`);
  }
  // Visitors from addresses of their own: the route allows 120 a minute per address.
  let visitor = 0;
  const publicPage = async (who: typeof big) => {
    const url = publicPath(who === big ? 'bench-big' : 'bench-small', who.user.id);
    visitor += 1;
    const remoteAddress = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    const res = await t.app.inject({ method: 'GET', url, remoteAddress });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const get = PUBLIC
    ? publicPage
    : pageOne(STATS ? '/api/transactions/stats' : STATUS ? `/api/transactions?status=${STATUS}` : '/api/transactions');
  const first = { big: await get(big), small: await get(small) };
  if (STATS) console.log(`counts: big ${first.big.body}, small ${first.small.body}`);
  else if (PUBLIC === 'profile' || PUBLIC === 'reviews') {
    const summary = (r: typeof first.big) => JSON.stringify(r.json().summary ?? r.json().reviews);
    console.log(`reviews: big ${summary(first.big)}, small ${summary(first.small)}`);
  } else
    console.log(
      `page one: big ${first.big.json().length} rows (next cursor ${first.big.headers['x-next-cursor'] ? 'yes' : 'no'}), ` +
        `small ${first.small.json().length} rows (next cursor ${first.small.headers['x-next-cursor'] ? 'yes' : 'no'})`,
    );

  await compare({
    get,
    short: { who: small, label: '50 transactions' },
    long: { who: big, label: '5,000 transactions' },
    isPage: PUBLIC
      ? PUBLIC === 'history'
        ? (text) => text.includes('"completed_at"') && text.includes('from "transactions"')
        : PUBLIC === 'reviews'
          ? (text) => text.includes('"reviews"."comment"')
          : (text) => text.includes('review')
      : STATS
        ? (text) => /^\s*select/i.test(text) && /\bpending\b/i.test(text)
        : (text) => text.includes('from "transactions"') && text.includes('union all'),
  });
} finally {
  await t.close();
}
