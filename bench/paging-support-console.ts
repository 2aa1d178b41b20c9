/**
 * Paging benchmark for the staff console's support chats (issue 12 item 4; never a timed test): page one
 * of GET /api/support/console/chats, unfiltered and for open chats, on a platform with 20,000 support chats
 * (all but 50 of them closed or resolved) against one with 50, on PostgreSQL, with the plan. This list
 * grows with the platform, not with a person, so the two sides are two databases. See
 * docs/performance.md, section Paging.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/paging-support-console.ts
 *   PAGING_ROUNDS=7 PAGING_REQUESTS=100 …                       # the defaults
 *   PAGING_FILTER='?status=open' …                              # one filter of the console instead
 */
import { openPagingBench } from './paging-compare.js';

const big = await openPagingBench({ requests: 100 });
const small = await big.another();
const { registerUser } = await import('../apps/server/src/test/factories.js');
const { sql } = await import('drizzle-orm');

/** `chats` chats of one customer, two messages each; all but the newest 50 closed or resolved. */
async function seed(db: typeof big.db, customerId: string, chats: number) {
  await db.execute(sql`insert into support_chats (user_id, subject, priority, status, created_at)
    select ${customerId}, 'Bench chat ' || g, (array['low', 'medium', 'high', 'urgent'])[1 + g % 4],
      case when g <= 50 then (array['open', 'in_progress'])[1 + g % 2] else (array['resolved', 'closed'])[1 + g % 2] end,
      now() - g * interval '1 minute'
    from generate_series(1, ${chats}) g`);
  await db.execute(sql`insert into support_messages (chat_id, sender_id, message, is_from_support, created_at)
    select c.id, ${customerId}, 'Message ' || k, false, c.created_at + k * interval '1 second'
    from support_chats c, generate_series(1, 2) k`);
  await db.execute(sql`vacuum analyze`);
}

try {
  const [bigStaff, smallStaff, bigCustomer, smallCustomer] = await Promise.all([
    registerUser(big.t.app, { role: 'moderator' }),
    registerUser(small.t.app, { role: 'moderator' }),
    registerUser(big.t.app),
    registerUser(small.t.app),
  ]);
  await seed(big.db, bigCustomer.user.id, 20000);
  await seed(small.db, smallCustomer.user.id, 50);

  const path = `/api/support/console/chats${process.env.PAGING_FILTER ?? ''}`;
  const pageOf = { big: big.pageOne(path), small: small.pageOne(path) };
  const get = (who: { cookie: string }) => (who === bigStaff ? pageOf.big(who) : pageOf.small(who));
  const first = { big: await get(bigStaff), small: await get(smallStaff) };
  console.log(
    `${path} page one: 20,000 chats ${first.big.json().length} rows; 50 chats ${first.small.json().length} rows`,
  );

  await big.compare({
    get,
    short: { who: smallStaff, label: '50 chats', connectionString: small.connectionString },
    long: { who: bigStaff, label: '20,000 chats' },
    isPage: (text) => text.includes('from "support_chats"'),
  });
} finally {
  await small.t.close();
  await big.t.close();
}
