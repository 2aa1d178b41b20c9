import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import type { Database } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, insertUser } from '../../test/money-factories.js';
import { withDatabaseAt } from '../../test/migrations.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Reviewees whose kept count or rating sum (migration 0019) differ from the reviews themselves. */
async function summariesOff(database: Database) {
  const result = (await database.db.execute(sql`
    with actual as (select reviewee_id, count(*) as n, sum(rating) as total from reviews group by reviewee_id)
    select coalesce(a.reviewee_id, s.reviewee_id) as id from actual a
      full join review_summaries s on s.reviewee_id = a.reviewee_id
    where (coalesce(a.n, 0), coalesce(a.total, 0)) is distinct from (coalesce(s.count, 0), coalesce(s.rating_sum, 0))`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((r) => r.id);
}

const summary = async (userId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${userId}/reviews` })).json().summary;

/** A transaction the buyer confirmed, so both parties may review it; a new seller unless one is given. */
async function completedWith(seller?: RegisteredUser) {
  const who = seller && { buyer: await registerUser(t.app), seller };
  const deal = await acceptedFundedTransaction(t.app, {}, who);
  const res = await as(t.app, deal.buyer)('PATCH', `/api/transactions/${deal.transaction.id}/confirm`, {
    confirmationPhrase: CONFIRMATION_PHRASE,
  });
  expect(res.statusCode).toBe(200);
  return deal;
}

describe('review summaries are kept with every change to reviews', () => {
  it('count and average the reviews a person receives through the API, also when they arrive at once', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    expect(await summary(seller.user.id)).toEqual({ count: 0, averageRating: null });
    const deals = await Promise.all([5, 4, 4].map(() => completedWith(seller)));
    const results = await Promise.all(
      deals.map((d, i) =>
        as(t.app, d.buyer)('POST', '/api/reviews', { transactionId: d.transaction.id, rating: [5, 4, 4][i] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await summary(seller.user.id)).toEqual({ count: 3, averageRating: 4.3 });
    // The public profile shows the same figures.
    const slug = `summary-${Date.now().toString(36)}`;
    await as(t.app, seller)('POST', '/api/user/update-profile-slug', { slug });
    const profile = await t.app.inject({ method: 'GET', url: `/api/public/profile/${slug}` });
    expect(profile.json().reviews).toEqual({ count: 3, averageRating: 4.3 });
    expect(await summariesOff(t.app.database)).toEqual([]);
  });

  it('follow changes made in plain SQL: a rating changed, a review moved to another person, one deleted', async () => {
    const deal = await completedWith();
    const other = await insertUser(t.app.database.db);
    await as(t.app, deal.buyer)('POST', '/api/reviews', { transactionId: deal.transaction.id, rating: 2 });
    const db = t.app.database.db;
    await db.execute(sql`update reviews set rating = 5 where transaction_id = ${deal.transaction.id}`);
    expect(await summary(deal.seller.user.id)).toEqual({ count: 1, averageRating: 5 });
    await db.execute(sql`update reviews set reviewee_id = ${other} where transaction_id = ${deal.transaction.id}`);
    expect(await summary(deal.seller.user.id)).toEqual({ count: 0, averageRating: null });
    expect(await summary(other)).toEqual({ count: 1, averageRating: 5 });
    await db.execute(sql`delete from reviews where transaction_id = ${deal.transaction.id}`);
    expect(await summary(other)).toEqual({ count: 0, averageRating: null });
    expect(await summariesOff(t.app.database)).toEqual([]);
  });

  it('are filled by the migration from the reviews already written', async () => {
    await withDatabaseAt('0018_transaction_status_counts', async ({ before, after }) => {
      await before.db.execute(sql`insert into users (id, name, email, email_verified)
        values ('u1', 'One', 'one@example.test', true), ('u2', 'Two', 'two@example.test', true)`);
      await before.db
        .execute(sql`insert into transactions (id, buyer_id, seller_email, amount, fee, total, currency, description)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 'two@example.test', 1000, 30, 1030, 'ZAR', 'Old deal')`);
      await before.db.execute(sql`insert into reviews (transaction_id, reviewer_id, reviewee_id, reviewer_role, rating)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 'u2', 'buyer', 3),
               ('00000000-0000-4000-8000-000000000001', 'u2', 'u1', 'seller', 4)`);
      await after.migrate();
      const rows = (await after.db.execute(
        sql`select reviewee_id, count::int, rating_sum::int from review_summaries order by reviewee_id`,
      )) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([
        { reviewee_id: 'u1', count: 1, rating_sum: 4 },
        { reviewee_id: 'u2', count: 1, rating_sum: 3 },
      ]);
      expect(await summariesOff(after)).toEqual([]);
    });
  });
});
