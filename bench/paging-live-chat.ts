/**
 * Paging benchmark for the staff console's live chat queue (issue 12 item 4; never a timed test): page one
 * of GET /api/chat/threads on a platform with 5,000 customer threads against one with 50, each thread
 * 20 messages, on PostgreSQL, with the plan. This list grows with the platform, not with a person, so the
 * two sides are two databases. See docs/performance.md, section Paging.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging-live-chat.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=100 …                       # the defaults
 *
 * Rounds alternate which platform goes first; each times PAGING_REQUESTS sequential requests through the
 * whole app (app.inject) and keeps the median; the figure is the median over the rounds. Seeded in bulk,
 * with the queue's rows (live_chat_threads) set as sending a message sets them, where that table exists
 * (so the same file measures the code before it).
 */
import { openPagingBench } from './paging-compare.js';

const big = await openPagingBench({ requests: 100 });
const small = await big.another();
const { registerUser } = await import('../apps/server/src/test/factories.js');
const { sql } = await import('drizzle-orm');

/** `threads` customers, each with 20 messages, every other thread answered last by support. */
async function seed(db: typeof big.db, staffId: string, threads: number) {
  await db.execute(sql`insert into users (id, name, email, email_verified)
    select 'bench-' || g, 'Customer ' || g, 'bench-' || g || '@example.test', true from generate_series(1, ${threads}) g`);
  await db.execute(sql`insert into live_chat_messages (thread_user_id, sender_id, message, type, created_at)
    select 'bench-' || g, case when k = 20 and g % 2 = 0 then ${staffId} else 'bench-' || g end, 'Message ' || k,
      case when k = 20 and g % 2 = 0 then 'support' else 'user' end, now() - (g * 20 - k) * interval '1 minute'
    from generate_series(1, ${threads}) g, generate_series(1, 20) k`);
  const exists = (await db.execute(sql`select to_regclass('live_chat_threads') is not null as yes`)) as unknown as {
    rows: { yes: boolean }[];
  };
  if (exists.rows[0]!.yes) {
    await db.execute(sql`insert into live_chat_threads (user_id, last_message_id, last_message_at, awaiting_reply)
      select distinct on (thread_user_id) thread_user_id, id, created_at, type = 'user' from live_chat_messages
      order by thread_user_id, created_at desc, id desc`);
  }
  await db.execute(sql`vacuum analyze`);
}

try {
  const [bigStaff, smallStaff] = await Promise.all([
    registerUser(big.t.app, { role: 'moderator' }),
    registerUser(small.t.app, { role: 'moderator' }),
  ]);
  await seed(big.db, bigStaff.user.id, 5000);
  await seed(small.db, smallStaff.user.id, 50);

  const pageOf = { big: big.pageOne('/api/chat/threads'), small: small.pageOne('/api/chat/threads') };
  const get = (who: { cookie: string }) => (who === bigStaff ? pageOf.big(who) : pageOf.small(who));
  const first = { big: await get(bigStaff), small: await get(smallStaff) };
  console.log(
    `page one: 5,000 threads ${first.big.json().length} rows, ${first.big.rawPayload.length} bytes; ` +
      `50 threads ${first.small.json().length} rows, ${first.small.rawPayload.length} bytes`,
  );

  await big.compare({
    get,
    short: { who: smallStaff, label: '50 threads', connectionString: small.connectionString },
    long: { who: bigStaff, label: '5,000 threads' },
    isPage: (text) => text.includes('live_chat_messages') && !text.startsWith('insert'),
  });
} finally {
  await small.t.close();
  await big.t.close();
}
