/**
 * Paging benchmark for the conversation list (issue 12 item 4; never a timed test): page one of
 * GET /api/conversations for a user with 5,000 conversations against a user with 50, on PostgreSQL,
 * with the plan. See docs/performance.md, section Paging.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging-conversations.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=100 …                       # the defaults
 *   PAGING_ARCHIVED=1 …   # the big user archived all but their 50 oldest conversations (those above page one)
 *
 * Each user's conversations are transactions they bought (one in five with 4 messages, so the order by
 * last activity interleaves messages and creations; their last_message_at set as the send path sets it);
 * 20,000 transactions of other people are noise.
 * Rounds alternate which user goes first; each times PAGING_REQUESTS sequential requests per user
 * through the whole app (app.inject) and keeps the median; the figure is the median over the rounds.
 */
import { openPagingBench } from './paging-compare.js';

const { t, db, pageOne, compare } = await openPagingBench({ requests: 100 });
const { registerUser } = await import('../apps/server/src/test/factories.js');
const { sql } = await import('drizzle-orm');

async function seed(buyerId: string, sellerId: string, sellerEmail: string, n: number, tag: string) {
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, created_at)
    select ${buyerId}, ${sellerEmail}, 1000, 30, 1030, 'ZAR', 'Bench ' || ${tag} || ' ' || g, now() - g * interval '1 minute'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into direct_messages (conversation_id, sender_id, receiver_id, content, created_at)
    select t.id, case when k % 2 = 0 then ${buyerId} else ${sellerId} end,
      case when k % 2 = 0 then ${sellerId} else ${buyerId} end, 'Bench message ' || k,
      t.created_at + (k * 7 + (abs(hashtext(t.id::text)) % 5000)) * interval '1 second'
    from transactions t, generate_series(1, 4) k
    where t.buyer_id = ${buyerId} and abs(hashtext(t.id::text)) % 5 = 0`);
  // Written in bulk, so the newest message's time is set as the send path (insertMessage) sets it.
  await db.execute(sql`update transactions set last_message_at =
      (select max(created_at) from direct_messages where conversation_id = transactions.id)
    where buyer_id = ${buyerId} and abs(hashtext(id::text)) % 5 = 0`);
}

try {
  const [big, small, seller, other] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app, { role: 'seller' }),
    registerUser(t.app),
  ]);
  await seed(big.user.id, seller.user.id, seller.email.toLowerCase(), 5000, 'big');
  await seed(small.user.id, seller.user.id, seller.email.toLowerCase(), 50, 'small');
  if (process.env.PAGING_ARCHIVED) {
    // Marked after every message, so each stays archived; page one is then the 50 the scan reaches last.
    await db.execute(sql`update transactions set buyer_archived_at = now() + interval '1 day'
      where buyer_id = ${big.user.id} and id not in (select id from transactions where buyer_id = ${big.user.id}
        order by coalesce(last_message_at, created_at) limit 50)`);
  }
  await db.execute(sql`insert into transactions (buyer_id, seller_email, amount, fee, total, currency, description, created_at)
    select ${other.user.id}, 'noise-' || g || '@example.test', 1000, 30, 1030, 'ZAR', 'Noise', now() - g * interval '1 second'
    from generate_series(1, 20000) g`);
  await db.execute(sql`vacuum analyze`);

  let bytes = { big: 0, small: 0 };
  const get = pageOne('/api/conversations');
  const first = { big: await get(big), small: await get(small) };
  bytes = { big: first.big.rawPayload.length, small: first.small.rawPayload.length };
  console.log(
    `page one: big ${first.big.json().length} rows, ${bytes.big} bytes (next cursor ${first.big.headers['x-next-cursor'] ? 'yes' : 'no'}); ` +
      `small ${first.small.json().length} rows, ${bytes.small} bytes`,
  );

  await compare({
    get,
    short: { who: small, label: '50 conversations' },
    long: { who: big, label: '5,000 conversations' },
    isPage: (text) => text.includes('from "transactions"') || text.includes('from ('),
  });
} finally {
  await t.close();
}
