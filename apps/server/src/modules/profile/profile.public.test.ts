import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, PROFILE_MESSAGES as M } from '@holdfast/contracts';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, createTransaction } from '../../test/money-factories.js';
import { PUBLIC_HISTORY_LIMIT, counterpartyName } from './profile.rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function publish(who: RegisteredUser, history: boolean) {
  const slug = `person-${Date.now().toString(36)}-${++counter}`;
  expect((await as(t.app, who)('POST', '/api/user/update-profile-slug', { slug })).statusCode).toBe(200);
  await as(t.app, who)('POST', '/api/user/toggle-public-history', { enabled: history });
  return slug;
}
const profile = (slug: string) => t.app.inject({ method: 'GET', url: `/api/public/profile/${slug}` });
const history = (slug: string) => t.app.inject({ method: 'GET', url: `/api/public/profile/${slug}/transactions` });

/** A completed deal (buyer confirmed) with a review of the seller, plus a pending one of the same buyer. */
async function dealsWithReview() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '250.50', description: 'Logo design' });
  const confirm = await as(t.app, deal.buyer)('PATCH', `/api/transactions/${deal.transaction.id}/confirm`, {
    confirmationPhrase: CONFIRMATION_PHRASE,
  });
  expect(confirm.statusCode).toBe(200);
  const review = await as(t.app, deal.buyer)('POST', '/api/reviews', {
    transactionId: deal.transaction.id,
    rating: 4,
  });
  expect(review.statusCode).toBe(201);
  const pending = await createTransaction(t.app, deal.buyer, deal.seller.email, {
    amount: '19.99',
    currency: 'USD',
    description: 'Spare cable',
  });
  return { ...deal, pending };
}

describe('GET /api/public/profile/:slug', () => {
  it('shows the public fields, statistics and received reviews to anyone, and nothing private', async () => {
    const { buyer, seller } = await dealsWithReview();
    await t.app.database.db
      .update(users)
      .set({ phoneNumber: '+27821234567', phoneVerified: true, kycStatus: 'verified' })
      .where(eq(users.id, seller.user.id));
    const slug = await publish(seller, false);

    const res = await profile(slug);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: { id: seller.user.id },
      firstName: 'Test',
      lastName: 'Seller',
      profileImageUrl: null,
      publicProfileSlug: slug,
      createdAt: seller.user.createdAt,
      verificationStats: { emailVerified: true, phoneVerified: true, kycStatus: 'verified' },
      // The pending deal is not finished: it does not count (decision 032).
      stats: { totalTransactions: 2, completed: 1, successRate: 100 },
      reviews: { count: 1, averageRating: 4 },
    });
    // Never an email, a phone number, a wallet or a role.
    for (const secret of [seller.email, buyer.email, '@', '+2782', 'wallet', 'role', 'buyer', 'phoneNumber']) {
      expect(res.body).not.toContain(secret);
    }
    // Signed in as somebody else, the same answer.
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', `/api/public/profile/${slug}`)).json()).toEqual(body);
    // The slug is found whatever its case in the address.
    expect((await profile(slug.toUpperCase())).statusCode).toBe(200);
  });

  it('reports KYC as verified, pending, rejected or unknown; a new account has no transactions', async () => {
    const me = await registerUser(t.app, { verified: false });
    const slug = await publish(me, true);
    expect((await profile(slug)).json()).toMatchObject({
      verificationStats: { emailVerified: false, phoneVerified: false, kycStatus: 'unknown' },
      stats: { totalTransactions: 0, completed: 0, successRate: null },
      reviews: { count: 0, averageRating: null },
    });
    for (const [stored, shown] of [
      ['pending', 'pending'],
      ['rejected', 'rejected'],
      ['in_progress', 'unknown'],
    ]) {
      await t.app.database.db.update(users).set({ kycStatus: stored }).where(eq(users.id, me.user.id));
      expect((await profile(slug)).json().verificationStats.kycStatus).toBe(shown);
    }
  });

  it("answers 404 'Profile not found' for an unknown, malformed or released slug", async () => {
    for (const slug of ['nobody-has-this', 'ab', '-bad-', 'x'.repeat(60), '%20']) {
      const res = await profile(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: M.profileNotFound });
      expect((await history(slug)).statusCode).toBe(404);
    }
    const me = await registerUser(t.app);
    const old = await publish(me, true);
    await as(t.app, me)('POST', '/api/user/update-profile-slug', { slug: `${old}-new` });
    expect((await profile(old)).statusCode).toBe(404);
    expect((await profile(`${old}-new`)).statusCode).toBe(200);
  });
});

describe('GET /api/public/profile/:slug/transactions', () => {
  it('is empty while the owner keeps the history private', async () => {
    const { buyer } = await dealsWithReview();
    const slug = await publish(buyer, false);
    const res = await history(slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await profile(slug)).json().stats.totalTransactions).toBe(2);
  });

  it("lists the owner's transactions, newest first, with role and a counterparty name, never an email", async () => {
    const { buyer, seller, transaction, pending } = await dealsWithReview();
    const buyerSlug = await publish(buyer, true);
    const res = await history(buyerSlug);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: pending.id,
      status: 'pending',
      currency: 'USD',
      amount: '19.99',
      role: 'buyer',
      description: 'Spare cable',
      // The seller has not published their own history: their name stays theirs.
      counterpartyName: 'Anonymous User',
      createdAt: pending.createdAt,
      completedAt: null,
    });
    expect(list[1]).toMatchObject({
      id: transaction.id,
      status: 'completed',
      currency: 'ZAR',
      amount: '250.50',
      role: 'buyer',
      counterpartyName: 'Anonymous User',
    });
    expect(list[1].completedAt).toEqual(expect.any(String));
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain(seller.email);

    // The seller's own public history: the same deals from the other side; both published, both named.
    const sellerSlug = await publish(seller, true);
    expect((await history(buyerSlug)).json().map((x: { counterpartyName: string }) => x.counterpartyName)).toEqual([
      'Test S.',
      'Test S.',
    ]);
    const theirs = (await history(sellerSlug)).json();
    expect(theirs.map((x: { role: string; counterpartyName: string }) => [x.role, x.counterpartyName])).toEqual([
      ['seller', 'Test B.'],
      ['seller', 'Test B.'],
    ]);
  });

  it('shows the newest 50 of a long history, bought and sold merged in time order', async () => {
    const owner = await registerUser(t.app, { role: 'seller' });
    const other = await registerUser(t.app);
    // 80 bought and 40 sold, a sale every third minute: the newest 50 hold 34 purchases and 16 sales.
    await t.app.database.db.execute(sql`insert into transactions
        (buyer_id, seller_email, amount, fee, total, currency, description, status, created_at)
      select case when g % 3 = 0 then ${other.user.id} else ${owner.user.id} end,
        case when g % 3 = 0 then ${owner.email.toLowerCase()} else 'someone@example.test' end,
        1000, 30, 1030, 'ZAR', 'Deal ' || g, 'completed', now() - g * interval '1 minute'
      from generate_series(1, 120) g`);
    const slug = await publish(owner, true);
    await publish(other, true); // the buyer of the sales publishes too: their descriptions may show
    const list = (await history(slug)).json() as { description: string; role: string }[];
    expect(list).toHaveLength(PUBLIC_HISTORY_LIMIT);
    expect(list.map((x) => x.description)).toEqual(Array.from({ length: 50 }, (_, i) => `Deal ${i + 1}`));
    expect(list.filter((x) => x.role === 'seller')).toHaveLength(16);
  });

  it("publishes only the owner's side: another's description and a dispute only when they publish too", async () => {
    const owner = await registerUser(t.app, { role: 'seller' });
    const buyer = await registerUser(t.app, { firstName: 'Lerato', lastName: 'Mokoena' });
    const sold = await createTransaction(t.app, buyer, owner.email, { description: 'Private: kitchen renovation' });
    const { transaction: disputed } = await acceptedFundedTransaction(t.app, {}, { buyer, seller: owner });
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: disputed.id,
      type: 'goods_not_received',
      description: 'Nothing arrived',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const slug = await publish(owner, true);
    const shown = (await history(slug)).json() as { id: string; description: string; counterpartyName: string }[];
    // The dispute is the buyer's as much as the owner's: left out. The sale shows no text the buyer wrote.
    expect(shown.map((x) => x.id)).toEqual([sold.id]);
    expect(shown[0]).toMatchObject({ description: 'A product transaction', counterpartyName: 'Anonymous User' });

    await publish(buyer, true);
    const consented = (await history(slug)).json() as { id: string; description: string; counterpartyName: string }[];
    expect(consented.map((x) => x.id)).toEqual([disputed.id, sold.id]);
    expect(consented[1]).toMatchObject({ description: 'Private: kitchen renovation', counterpartyName: 'Lerato M.' });
  });

  it("names a seller without a verified account 'Anonymous User'; an unverified owner is only a buyer", async () => {
    const buyer = await registerUser(t.app, { firstName: 'Ama', lastName: 'Owusu' });
    const invitee = await registerUser(t.app, { verified: false, firstName: 'Uma', lastName: 'Unverified' });
    await createTransaction(t.app, buyer, invitee.email, { description: 'Invitation' });
    const slug = await publish(buyer, true);
    expect((await history(slug)).json()).toMatchObject([{ role: 'buyer', counterpartyName: 'Anonymous User' }]);
    // The invitee's address is not verified: the deal is not theirs (yet).
    const inviteeSlug = await publish(invitee, true);
    expect((await history(inviteeSlug)).json()).toEqual([]);
    expect((await profile(inviteeSlug)).json().stats.totalTransactions).toBe(0);
  });
});

describe('profile rules', () => {
  it('name the other party by first name and last initial', () => {
    expect(counterpartyName({ firstName: 'Thandi', lastName: 'nkosi' })).toBe('Thandi N.');
    expect(counterpartyName({ firstName: ' Thandi ', lastName: null })).toBe('Thandi');
    expect(counterpartyName({ firstName: null, lastName: 'Nkosi' })).toBe('N.');
    expect(counterpartyName({ firstName: '', lastName: '' })).toBe('Anonymous User');
    expect(counterpartyName(undefined)).toBe('Anonymous User');
    expect(counterpartyName({ firstName: 'Zoë', lastName: 'Ørsted' })).toBe('Zoë Ø.');
  });
});
